import { describe, expect, it } from 'vitest';
import { ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import { ADMINS, OTHER, roleTable, SELF, STAFF, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

const SUPORTE = '00000000-0000-4000-8000-0000000000d1';
const VENDAS = '00000000-0000-4000-8000-0000000000d2';
const waiting = (departamentoId: string | null) => ({ status: 'aguardando' as const, departamentoId, atendenteId: null });
const held = (atendenteId: string) => ({ status: 'em_atendimento' as const, departamentoId: SUPORTE, atendenteId });

describe('atendimentos policy', () => {
  // The caller works in Suporte: their department's queue is theirs, Vendas' is not.
  roleTable([
    { action: 'atender', allowed: STAFF, ask: (u) => can(u, 'atender') },
    { action: 'verTodos', allowed: ADMINS, ask: (u) => can(u, 'verTodos') },
    {
      action: 'ver',
      subject: 'waiting, no department',
      allowed: STAFF,
      ask: (u) => can({ ...u, departamentoId: SUPORTE }, 'ver', waiting(null)),
    },
    {
      action: 'ver',
      subject: 'waiting, own department',
      allowed: STAFF,
      ask: (u) => can({ ...u, departamentoId: SUPORTE }, 'ver', waiting(SUPORTE)),
    },
    {
      action: 'ver',
      subject: 'waiting, other department',
      allowed: ADMINS,
      ask: (u) => can({ ...u, departamentoId: SUPORTE }, 'ver', waiting(VENDAS)),
    },
    { action: 'ver', subject: 'held by the caller', allowed: STAFF, ask: (u) => can(u, 'ver', held(SELF)) },
    { action: 'ver', subject: 'held by another', allowed: ADMINS, ask: (u) => can({ ...u, departamentoId: SUPORTE }, 'ver', held(OTHER)) },
    { action: 'conduzir', subject: 'held by the caller', allowed: STAFF, ask: (u) => can(u, 'conduzir', held(SELF)) },
    { action: 'conduzir', subject: 'held by another', allowed: ADMINS, ask: (u) => can(u, 'conduzir', held(OTHER)) },
    { action: 'conduzir', subject: 'not taken', allowed: ADMINS, ask: (u) => can(u, 'conduzir', waiting(null)) },
  ]);

  it('refuses with the customer chat words: 403 to see, 409 to act on what is not yours', () => {
    expect(() => authorize(userOf('user'), 'atender')).toThrow(
      expect.objectContaining({ status: 403, message: 'Seu perfil não atende clientes.' }),
    );
    expect(() => authorize(userOf('atendente'), 'ver', waiting(VENDAS))).toThrow(
      expect.objectContaining({ status: 403, message: ATENDIMENTO_TEXTS.semPermissao }),
    );
    expect(() => authorize(userOf('atendente'), 'conduzir', held(OTHER))).toThrow(
      expect.objectContaining({ status: 409, message: ATENDIMENTO_TEXTS.naoAceito }),
    );
  });
});
