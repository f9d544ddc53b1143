import { describe, expect, it } from 'vitest';
import {
  adjustContagens,
  matchesFiltro,
  withUltimaMensagem,
  canSee,
  withoutNaoLidas,
  upsertConversa,
  type TFiltroConversas,
} from './list-cache';
import { makeLista, makeMensagem, makeAtendimento } from './testing/factories';

const filtro = (p: Partial<TFiltroConversas> = {}): TFiltroConversas => ({ status: 'aguardando', busca: '', departamentoId: null, ...p });
const contagens = { aguardando: 2, em_atendimento: 1 };
const ids = (d: ReturnType<typeof makeLista>) => d.pages.flatMap((p) => p.itens.map((r) => r.atendimentoId));

describe('upsertConversa', () => {
  const a = makeAtendimento({ ultimaMensagemEm: '2026-03-10T12:00:00.000Z' });
  const b = makeAtendimento({ ultimaMensagemEm: '2026-03-10T11:00:00.000Z' });

  it('puts a new row in sorted place and counts it', () => {
    const novo = makeAtendimento({ ultimaMensagemEm: '2026-03-10T11:30:00.000Z' });
    const out = upsertConversa(makeLista([a, b], { contagens }), novo, filtro(), null, true);
    expect(ids(out)).toEqual([a.atendimentoId, novo.atendimentoId, b.atendimentoId]);
    expect(out.pages[0]!.contagens).toEqual({ aguardando: 3, em_atendimento: 1 });
  });

  it('moves an updated row to the top without counting it twice', () => {
    const out = upsertConversa(
      makeLista([a, b], { contagens }),
      { ...b, ultimaMensagemEm: '2026-03-10T13:00:00.000Z' },
      filtro(),
      'aguardando',
      true,
    );
    expect(ids(out)).toEqual([b.atendimentoId, a.atendimentoId]);
    expect(out.pages[0]!.contagens).toEqual(contagens);
  });

  it('removes an accepted row from Aguardando and adds it to Em atendimento, moving the counts', () => {
    const aceito = { ...a, status: 'em_atendimento' as const, atendenteId: 'u1' };
    const aguardando = upsertConversa(makeLista([a, b], { contagens }), aceito, filtro(), 'aguardando', true);
    const emAtendimento = upsertConversa(makeLista([], { contagens }), aceito, filtro({ status: 'em_atendimento' }), 'aguardando', true);
    expect(ids(aguardando)).toEqual([b.atendimentoId]);
    expect(ids(emAtendimento)).toEqual([a.atendimentoId]);
    const esperado = { aguardando: 1, em_atendimento: 2 };
    expect(aguardando.pages[0]!.contagens).toEqual(esperado);
    expect(emAtendimento.pages[0]!.contagens).toEqual(esperado);
  });

  it('drops a row the user may no longer see (transferred to someone else)', () => {
    const out = upsertConversa(
      makeLista([a, b], { contagens }),
      { ...a, status: 'em_atendimento' },
      filtro({ status: 'aguardando' }),
      'aguardando',
      false,
    );
    expect(ids(out)).toEqual([b.atendimentoId]);
    expect(out.pages[0]!.contagens).toEqual({ aguardando: 1, em_atendimento: 1 });
  });

  it('leaves a list whose search the row does not match alone', () => {
    const out = upsertConversa(makeLista([b], { contagens }), { ...a, clienteNome: 'João' }, filtro({ busca: 'maria' }), null, true);
    expect(ids(out)).toEqual([b.atendimentoId]);
    expect(out.pages[0]!.contagens).toEqual(contagens);
  });

  it('does not append a row older than a list with more pages to load', () => {
    const antigo = makeAtendimento({ ultimaMensagemEm: '2020-01-01T00:00:00.000Z' });
    const out = upsertConversa(makeLista([a], { contagens, proximoCursor: 'c2' }), antigo, filtro(), null, true);
    expect(ids(out)).toEqual([a.atendimentoId]);
    expect(out.pages[0]!.contagens.aguardando).toBe(3);
  });

  it('inserts into a later page when the row sorts there', () => {
    const data = makeLista([a]);
    data.pages.push({ itens: [b], proximoCursor: null, contagens });
    const meio = makeAtendimento({ ultimaMensagemEm: '2026-03-10T10:00:00.000Z' });
    const out = upsertConversa(data, meio, filtro(), null, true);
    expect(out.pages[1]!.itens.map((r) => r.atendimentoId)).toEqual([b.atendimentoId, meio.atendimentoId]);
  });
});

describe('list helpers', () => {
  it('matches search by name or number digits, and the department', () => {
    const r = makeAtendimento({ clienteNome: 'Maria Souza', numero: '5511987654321', departamentoId: 'd1' });
    expect(matchesFiltro(r, { busca: 'souza', departamentoId: null })).toBe(true);
    expect(matchesFiltro(r, { busca: '98765-4321', departamentoId: null })).toBe(true);
    expect(matchesFiltro(r, { busca: '', departamentoId: 'd2' })).toBe(false);
  });

  it('filters by label, and a row labelled meanwhile joins the filtered list', () => {
    const r = makeAtendimento({ atendimentoId: 'e1', etiquetaIds: ['troca', 'vip'] });
    expect(matchesFiltro(r, { busca: '', departamentoId: null, etiquetaId: 'vip' })).toBe(true);
    expect(matchesFiltro(r, { busca: '', departamentoId: null, etiquetaId: 'outra' })).toBe(false);
    expect(matchesFiltro(makeAtendimento({ etiquetaIds: undefined }), { busca: '', departamentoId: null, etiquetaId: 'vip' })).toBe(false);
    const lista = makeLista([], { contagens });
    const f = filtro({ etiquetaId: 'vip' });
    expect(ids(upsertConversa(lista, makeAtendimento({ atendimentoId: 'e2', etiquetaIds: [] }), f, 'aguardando', true))).toEqual([]);
    expect(ids(upsertConversa(lista, makeAtendimento({ atendimentoId: 'e2', etiquetaIds: ['vip'] }), f, 'aguardando', true))).toEqual([
      'e2',
    ]);
  });

  it('applies the role rule', () => {
    const user = { id: 'u1', role: 'atendente' as const, departamentoId: 'd1' };
    expect(canSee(makeAtendimento({ status: 'aguardando', departamentoId: 'd1' }), user)).toBe(true);
    expect(canSee(makeAtendimento({ status: 'aguardando', departamentoId: null }), user)).toBe(true);
    expect(canSee(makeAtendimento({ status: 'aguardando', departamentoId: 'd2' }), user)).toBe(false);
    expect(canSee(makeAtendimento({ status: 'em_atendimento', atendenteId: 'u2' }), user)).toBe(false);
    expect(canSee(makeAtendimento({ status: 'finalizado', atendenteId: 'u1' }), user)).toBe(true);
    expect(canSee(makeAtendimento({ status: 'em_atendimento', atendenteId: 'u2' }), { ...user, role: 'admin' })).toBe(true);
  });

  it('moves counts without going below zero, and counts only the open tabs', () => {
    expect(adjustContagens({ aguardando: 0, em_atendimento: 0 }, 'aguardando', 'finalizado')).toEqual({
      aguardando: 0,
      em_atendimento: 0,
    });
    expect(adjustContagens({ aguardando: 2, em_atendimento: 0 }, 'aguardando', 'em_atendimento')).toEqual({
      aguardando: 1,
      em_atendimento: 1,
    });
  });

  it('updates the preview and unread count from a new message', () => {
    const r = makeAtendimento({ mensagensNaoLidas: 2, ultimaMensagemEm: '2026-03-10T12:00:00.000Z' });
    const m = makeMensagem({ tipo: 'image', conteudo: '', criadaEm: '2026-03-10T12:05:00.000Z' });
    expect(withUltimaMensagem(r, m, undefined, false)).toMatchObject({
      ultimaMensagemTipo: 'image',
      mensagensNaoLidas: 3,
      ultimaMensagemEm: m.criadaEm,
    });
    expect(withUltimaMensagem(r, m, 7, false).mensagensNaoLidas).toBe(7);
    expect(withUltimaMensagem(r, m, 7, true).mensagensNaoLidas).toBe(0);
    expect(withUltimaMensagem(r, { ...m, criadaEm: '2026-03-10T11:00:00.000Z' }, undefined, false)).toBe(r);
  });

  it("reopens the reply window from a customer's new message, for the channel's length", () => {
    const r = makeAtendimento({ ultimaMensagemEm: '2026-03-10T12:00:00.000Z', janela: { fechaEm: null, duracaoMs: 86_400_000 } });
    const m = makeMensagem({ autor: 'cliente', criadaEm: '2026-03-10T12:05:00.000Z' });
    expect(withUltimaMensagem(r, m, undefined, false).janela).toEqual({ fechaEm: '2026-03-11T12:05:00.000Z', duracaoMs: 86_400_000 });
    expect(withUltimaMensagem(r, { ...m, autor: 'atendente' }, undefined, false).janela).toEqual(r.janela);
    expect(withUltimaMensagem({ ...r, janela: null }, m, undefined, false).janela).toBeNull();
  });

  it('clears a badge', () => {
    const r = makeAtendimento({ mensagensNaoLidas: 5 });
    expect(withoutNaoLidas(makeLista([r]), r.atendimentoId).pages[0]!.itens[0]!.mensagensNaoLidas).toBe(0);
  });
});
