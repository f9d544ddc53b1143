import { describe, expect, it } from 'vitest';
import { CHAT_INTERNO_PERMISSOES as P, type TParticipante } from '@balcao/shared/chat-interno';
import { motivoAdicao, motivoFoto, motivoPromocao, motivoRemocao, isAdminOf } from './permissoes';

const p = (x: Partial<TParticipante>): TParticipante => ({ id: 'ana', nome: 'Ana', tipo: 1, admin: false, fotoUrl: null, ...x });

describe('group administration (spec part 2 §4, toasts of §8)', () => {
  it('only admins promote; only non-admin users can be promoted; departments never', () => {
    expect(motivoPromocao(p({}), false, 'me')).toBe(P.apenasAdminPromover);
    expect(motivoPromocao(p({ id: 'me', admin: true }), true, 'me')).toBe(P.jaAdmin);
    expect(motivoPromocao(p({ admin: true }), true, 'me')).toBe(P.participanteJaAdmin);
    expect(motivoPromocao(p({ tipo: 2 }), true, 'me')).toBe(P.departamentoNaoPromove);
    expect(motivoPromocao(p({}), true, 'me')).toBeNull();
  });
  it('only admins remove, and nobody removes himself (Sair do grupo instead)', () => {
    expect(motivoRemocao(p({}), false, 'me')).toBe(P.apenasAdminRemover);
    expect(motivoRemocao(p({ id: 'me' }), true, 'me')).toBe(P.naoRemoverSiMesmo);
    expect(motivoRemocao(p({ tipo: 2 }), true, 'me')).toBeNull();
    expect(motivoRemocao(p({}), true, 'me')).toBeNull();
  });
  it('only admins add participants or change the photo', () => {
    expect(motivoAdicao(false)).toBe(P.apenasAdminAdicionar);
    expect(motivoFoto(false)).toBe(P.apenasAdminFoto);
    expect(motivoAdicao(true)).toBeNull();
    expect(motivoFoto(true)).toBeNull();
  });
  it('reads admin status from the participants, falling back to the list row', () => {
    expect(isAdminOf([p({ id: 'me', admin: true })], 'me', false)).toBe(true);
    expect(isAdminOf([p({ id: 'me' })], 'me', true)).toBe(false);
    expect(isAdminOf(undefined, 'me', true)).toBe(true);
  });
});
