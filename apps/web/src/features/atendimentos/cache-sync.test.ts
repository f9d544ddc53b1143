import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyServerConversa, applyMensagem, applyPreview, applyServerPreview, withKnownConversas, conversaConhecida } from './cache-sync';
import { mergeNewestPage } from './message-cache';
import { atendimentoKeys } from './keys';
import type { TFiltroConversas } from './list-cache';
import { makeLista, makeMensagem, makeAtendimento } from './testing/factories';

const user = { id: 'u1', role: 'atendente' as const, departamentoId: null };
const filtro: TFiltroConversas = { status: 'em_atendimento', busca: '', departamentoId: null };

/** A cache holding one conversation in the attendant's 'Em atendimento' list, as the accept left it. */
function cacheCom(aceito: ReturnType<typeof makeAtendimento>) {
  const qc = new QueryClient();
  qc.setQueryData(atendimentoKeys.lista(filtro), makeLista([aceito]));
  applyServerConversa(qc, aceito, user);
  return qc;
}

describe('rows told by the server', () => {
  const aceito = makeAtendimento({
    status: 'em_atendimento',
    atendenteId: 'u1',
    mensagensNaoLidas: 1,
    ultimaMensagem: 'Carlos iniciou o atendimento.',
    ultimaMensagemEm: '2026-03-10T12:00:00.000Z',
  });
  const respondido = { ...aceito, ultimaMensagem: 'Entregamos sim.', ultimaMensagemEm: '2026-03-10T12:00:02.000Z' };

  it('keeps the answer\'s preview when a row read before it (the accept\'s answer, a "read" told late) arrives after', () => {
    const qc = cacheCom(aceito);
    applyServerConversa(qc, respondido, user);
    applyServerConversa(qc, { ...aceito, mensagensNaoLidas: 0 }, user);
    expect(conversaConhecida(qc, aceito.atendimentoId)).toEqual(respondido);
  });

  it('applies a row of the same moment (only the count changed) and every newer one', () => {
    const qc = cacheCom(aceito);
    applyServerConversa(qc, { ...aceito, mensagensNaoLidas: 0 }, user);
    expect(conversaConhecida(qc, aceito.atendimentoId)?.mensagensNaoLidas).toBe(0);
    applyServerConversa(qc, respondido, user);
    expect(conversaConhecida(qc, aceito.atendimentoId)).toEqual(respondido);
  });

  it('compares with what the server told, not with a local preview of the same message', () => {
    const qc = cacheCom(aceito);
    // The message's own time may be a little after the row's (the database's clock against the server's).
    applyPreview(
      qc,
      makeMensagem({
        atendimentoId: aceito.atendimentoId,
        conteudo: 'Entregamos sim.',
        autor: 'atendente',
        criadaEm: '2026-03-10T12:00:02.004Z',
      }),
      undefined,
      true,
      user,
    );
    applyServerConversa(qc, respondido, user);
    expect(conversaConhecida(qc, aceito.atendimentoId)).toEqual(respondido);
  });
});

describe('a list page fetched while the hub told of newer rows', () => {
  const aceito = makeAtendimento({
    status: 'em_atendimento',
    atendenteId: 'u1',
    ultimaMensagem: 'Carlos iniciou o atendimento.',
    ultimaMensagemEm: '2026-03-10T12:00:00.000Z',
  });
  const respondido = { ...aceito, ultimaMensagem: 'Entregamos sim.', ultimaMensagemEm: '2026-03-10T12:00:02.000Z' };
  const pagina = (rows: ReturnType<typeof makeAtendimento>[]) => makeLista(rows).pages[0]!;

  it('shows the answer the hub told of, not the row the page read before it (the tab Aceitar opens)', () => {
    const qc = new QueryClient();
    applyServerConversa(qc, respondido, user); // no list cached yet: the row is known from the header only
    expect(withKnownConversas(qc, pagina([aceito]), filtro, user).itens).toEqual([respondido]);
  });

  it('puts the newer row in its place by time', () => {
    const qc = new QueryClient();
    applyServerConversa(qc, respondido, user);
    const entre = makeAtendimento({ status: 'em_atendimento', atendenteId: 'u1', ultimaMensagemEm: '2026-03-10T12:00:01.000Z' });
    expect(withKnownConversas(qc, pagina([entre, aceito]), filtro, user).itens).toEqual([respondido, entre]);
  });

  it('leaves out a row that has since moved to another list, and keeps rows of the same moment or unknown', () => {
    const qc = new QueryClient();
    applyServerConversa(qc, { ...respondido, status: 'finalizado' }, user);
    expect(withKnownConversas(qc, pagina([aceito]), filtro, user).itens).toEqual([]);
    const outro = makeAtendimento({ status: 'em_atendimento', atendenteId: 'u1', ultimaMensagemEm: '2026-03-10T11:00:00.000Z' });
    const mesmo = new QueryClient();
    applyServerConversa(mesmo, { ...aceito, mensagensNaoLidas: 3 }, user);
    const page = pagina([aceito, outro]);
    expect(withKnownConversas(mesmo, page, filtro, user)).toBe(page);
  });
});

describe("a customer's message, told without its row", () => {
  const aguardando = makeAtendimento({
    status: 'aguardando',
    mensagensNaoLidas: 1,
    ultimaMensagem: 'Oi',
    ultimaMensagemEm: '2026-03-10T12:00:00.000Z',
  });
  const aceito = { ...aguardando, status: 'em_atendimento' as const, atendenteId: 'u1' };
  const nova = makeMensagem({
    atendimentoId: aguardando.atendimentoId,
    autor: 'cliente',
    conteudo: 'Ainda aí?',
    criadaEm: '2026-03-10T12:00:05.000Z',
  });
  const comNova = { ...aceito, ultimaMensagem: 'Ainda aí?', ultimaMensagemEm: nova.criadaEm, mensagensNaoLidas: 2 };
  const pagina = (rows: ReturnType<typeof makeAtendimento>[]) => makeLista(rows).pages[0]!;

  it("moves the row with the server's count, and a row read before it (the accept's answer) keeps that preview", () => {
    const qc = cacheCom(aguardando);
    expect(applyServerPreview(qc, nova, 2, false, user)).toBe(true);
    expect(conversaConhecida(qc, aguardando.atendimentoId)).toMatchObject({ ultimaMensagem: 'Ainda aí?', mensagensNaoLidas: 2 });
    applyServerConversa(qc, aceito, user);
    expect(conversaConhecida(qc, aguardando.atendimentoId)).toEqual(comNova);
  });

  it('still leaves out a row older than a row already told', () => {
    const qc = cacheCom(aguardando);
    applyServerPreview(qc, nova, 2, false, user);
    const finalizado = {
      ...comNova,
      status: 'finalizado' as const,
      ultimaMensagem: 'Atendimento finalizado.',
      ultimaMensagemEm: '2026-03-10T12:00:09.000Z',
    };
    applyServerConversa(qc, finalizado, user);
    applyServerConversa(qc, aceito, user);
    expect(conversaConhecida(qc, aguardando.atendimentoId)).toEqual(finalizado);
  });

  it('is zero on the conversation open on screen', () => {
    const qc = cacheCom(aguardando);
    applyServerPreview(qc, nova, 2, true, user);
    applyServerConversa(qc, aceito, user);
    expect(conversaConhecida(qc, aguardando.atendimentoId)?.mensagensNaoLidas).toBe(0);
  });

  it('of a row held nowhere: answers false, and the row read for it takes the message if read before it', () => {
    const qc = new QueryClient();
    expect(applyServerPreview(qc, nova, 2, false, user)).toBe(false);
    applyServerConversa(qc, aceito, user);
    expect(conversaConhecida(qc, aguardando.atendimentoId)).toEqual(comNova);
  });

  it("gives a page read before it the message's preview and the page's own status", () => {
    const qc = cacheCom(aguardando);
    applyServerPreview(qc, nova, 2, false, user);
    expect(withKnownConversas(qc, pagina([aceito]), filtro, user).itens).toEqual([comNova]);
  });
});

describe('the newest message deleted', () => {
  const row = makeAtendimento({
    status: 'em_atendimento',
    atendenteId: 'u1',
    ultimaMensagem: 'Segue o boleto',
    ultimaMensagemEm: '2026-03-10T12:00:05.000Z',
  });
  const foto = makeMensagem({ atendimentoId: row.atendimentoId, tipo: 'image', conteudo: '', criadaEm: '2026-03-10T12:00:01.000Z' });
  const ultima = makeMensagem({ atendimentoId: row.atendimentoId, conteudo: 'Segue o boleto', criadaEm: row.ultimaMensagemEm! });

  it('shows the newest message that remains, in the same place, not "Sem mensagens"', () => {
    const qc = cacheCom(row);
    qc.setQueryData(
      atendimentoKeys.mensagens(row.atendimentoId),
      mergeNewestPage(undefined, { mensagens: [foto, ultima], hasMore: false, cursor: null }),
    );
    const apagada = { ...ultima, apagada: true, conteudo: '' };
    applyMensagem(qc, apagada);
    applyServerPreview(qc, apagada, 0, true, user);
    expect(conversaConhecida(qc, row.atendimentoId)).toMatchObject({
      ultimaMensagem: null,
      ultimaMensagemTipo: 'image',
      ultimaMensagemEm: row.ultimaMensagemEm,
    });
  });
});
