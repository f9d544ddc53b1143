import { describe, expect, it } from 'vitest';
import { withEnvio, withStatus, mergeNewestPage, statusApos, todasMensagens, upsertMensagem, type TMensagensData } from './message-cache';
import { makeMensagem } from './testing/factories';

const dados = (...pages: ReturnType<typeof makeMensagem>[][]): TMensagensData => ({
  pages: pages.map((mensagens, i) => ({ mensagens, hasMore: i < pages.length - 1, cursor: null })),
  pageParams: pages.map(() => null),
});
const conteudos = (d: TMensagensData) => todasMensagens(d).map((m) => m.conteudo);

describe('message cache', () => {
  const m1 = makeMensagem({ conteudo: 'um', criadaEm: '2026-03-10T12:00:00.000Z' });
  const m2 = makeMensagem({ conteudo: 'dois', criadaEm: '2026-03-10T12:01:00.000Z' });
  const antiga = makeMensagem({ conteudo: 'antiga', criadaEm: '2026-03-09T12:00:00.000Z' });

  it('shows older pages first', () => {
    expect(conteudos(dados([m1, m2], [antiga]))).toEqual(['antiga', 'um', 'dois']);
  });

  it('appends a new message to the newest page in time order', () => {
    const m3 = makeMensagem({ conteudo: 'tres', criadaEm: '2026-03-10T12:02:00.000Z' });
    const entre = makeMensagem({ conteudo: 'entre', criadaEm: '2026-03-10T12:00:30.000Z' });
    expect(conteudos(upsertMensagem(upsertMensagem(dados([m1, m2]), m3), entre))).toEqual(['um', 'entre', 'dois', 'tres']);
  });

  it('replaces the optimistic line by clientId when the ack arrives, once', () => {
    const local = { ...makeMensagem({ id: 'c1', clientId: 'c1', conteudo: 'oi', autor: 'atendente' }), envio: 'pendente' as const };
    const stored = makeMensagem({ id: 'srv-1', clientId: 'c1', conteudo: 'oi', autor: 'atendente' });
    let d = upsertMensagem(dados([m1]), local);
    d = upsertMensagem(d, stored);
    d = upsertMensagem(d, stored); // the hub's echo of the same message
    const all = todasMensagens(d);
    expect(all.map((m) => m.id)).toEqual([m1.id, 'srv-1']);
    expect(all[1]!.envio).toBeUndefined();
  });

  it('applies edits and deletes in place, even on older pages', () => {
    const d = upsertMensagem(dados([m1], [antiga]), { ...antiga, apagada: true });
    expect(todasMensagens(d)[0]!.apagada).toBe(true);
  });

  it('updates ticks by id or clientId and marks a failed send', () => {
    const local = { ...makeMensagem({ id: 'c9', clientId: 'c9' }), envio: 'pendente' as const };
    let d = withStatus(dados([m1, local]), { messageId: m1.id, clientId: null, status: 'read' });
    d = withStatus(d, { messageId: 'x', clientId: 'c9', status: 'delivered' });
    d = withEnvio(d, 'c9', 'falhou', 'Aceite o atendimento antes de responder.');
    expect(todasMensagens(d).map((m) => [m.status, m.envio])).toEqual([
      ['read', undefined],
      ['delivered', 'falhou'],
    ]);
  });

  it('merges the newest page after a reconnect and keeps unsent lines', () => {
    const local = {
      ...makeMensagem({ id: 'c1', clientId: 'c1', conteudo: 'pendente', criadaEm: '2026-03-10T12:05:00.000Z' }),
      envio: 'pendente' as const,
    };
    const m3 = makeMensagem({ conteudo: 'perdida', criadaEm: '2026-03-10T12:03:00.000Z' });
    const merged = mergeNewestPage(dados([m1, m2, local], [antiga]), { mensagens: [m2, m3], hasMore: true, cursor: 'c' });
    expect(conteudos(merged)).toEqual(['antiga', 'um', 'dois', 'perdida', 'pendente']);
  });

  it('starts over from the newest page when nothing overlaps', () => {
    const novas = [makeMensagem({ conteudo: 'n1', criadaEm: '2026-03-11T12:00:00.000Z' })];
    const merged = mergeNewestPage(dados([m1, m2]), { mensagens: novas, hasMore: true, cursor: 'c' });
    expect(conteudos(merged)).toEqual(['n1']);
    expect(merged.pages[0]!.hasMore).toBe(true);
  });
});

describe('statuses only move forward when copies of a message cross (WhatsApp)', () => {
  it('the ack stored as pending does not undo the sent status that overtook it', () => {
    const local = { ...makeMensagem({ id: 'c9', clientId: 'c9', autor: 'atendente', status: 'pending' }), envio: 'pendente' as const };
    let d = upsertMensagem(dados([local]), local);
    d = withStatus(d, { messageId: 'srv-9', clientId: 'c9', status: 'sent' });
    d = upsertMensagem(d, makeMensagem({ id: 'srv-9', clientId: 'c9', autor: 'atendente', status: 'pending' }));
    expect(todasMensagens(d)[0]).toMatchObject({ id: 'srv-9', status: 'sent' });
    expect(todasMensagens(d)[0]!.envio).toBeUndefined();
  });

  it('read beats delivered; a late pending does not hide a failure; a resend is forced', () => {
    expect(statusApos('read', 'delivered')).toBe('read');
    expect(statusApos('sent', 'read')).toBe('read');
    expect(statusApos('failed', 'pending')).toBe('failed');
    expect(statusApos('sent', 'failed')).toBe('failed');
    const falhou = makeMensagem({ id: 'm9', autor: 'atendente', status: 'failed', erroEnvio: 'Sem WhatsApp.' });
    const volta = makeMensagem({ id: 'm9', autor: 'atendente', status: 'pending', erroEnvio: null });
    expect(todasMensagens(upsertMensagem(dados([falhou]), volta))[0]).toMatchObject({ status: 'failed', erroEnvio: 'Sem WhatsApp.' });
    expect(todasMensagens(upsertMensagem(dados([falhou]), volta, true))[0]).toMatchObject({ status: 'pending', erroEnvio: null });
  });
});
