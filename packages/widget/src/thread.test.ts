import { describe, expect, it } from 'vitest';
import type { TWidgetMessage } from '@balcao/shared/widget';
import { Thread } from './thread';

const msg = (id: string, over: Partial<TWidgetMessage> = {}): TWidgetMessage => ({
  id,
  clientId: null,
  autor: 'atendente',
  atendenteNome: 'Carlos',
  tipo: 'text',
  conteudo: id,
  midia: null,
  criadaEm: '2025-01-01T12:00:00.000Z',
  editada: false,
  apagada: false,
  ...over,
});
const queued = (clientId: string, criadaEm = '2025-01-01T12:10:00.000Z') => ({ clientId, conteudo: clientId, midia: null, criadaEm });

describe('Thread', () => {
  it('orders stored messages by time and keeps one row per id (an edit replaces it)', () => {
    const t = new Thread();
    t.reset([msg('b', { criadaEm: '2025-01-01T12:02:00.000Z' }), msg('a', { criadaEm: '2025-01-01T12:01:00.000Z' })]);
    t.merge([msg('b', { criadaEm: '2025-01-01T12:02:00.000Z', conteudo: 'novo', editada: true })]);
    expect(t.items([]).map((m) => [m.id, m.conteudo])).toEqual([
      ['a', 'a'],
      ['b', 'novo'],
    ]);
  });

  it('shows queued messages after the stored ones and hides a queued copy once the server has it', () => {
    const t = new Thread();
    t.reset([msg('a')]);
    expect(t.items([queued('c1')]).map((m) => [m.key, m.estado])).toEqual([
      ['a', undefined],
      ['c:c1', 'pendente'],
    ]);
    t.merge([msg('m1', { autor: 'cliente', clientId: 'c1', atendenteNome: null, criadaEm: '2025-01-01T12:05:00.000Z' })]);
    expect(t.has('c1')).toBe(true);
    expect(t.items([queued('c1')]).map((m) => m.key)).toEqual(['a', 'm1']);
  });

  it('marks refused messages failed and keeps uploads in progress until stored', () => {
    const t = new Thread();
    t.setUpload(queued('up'), 0.5);
    const rows = t.items([{ ...queued('x', '2025-01-01T12:20:00.000Z'), erro: 'Não enviada.' }]);
    expect(rows.map((m) => [m.key, m.estado, m.progresso ?? null])).toEqual([
      ['c:up', 'enviando', 0.5],
      ['c:x', 'falhou', null],
    ]);
    t.merge([msg('s', { clientId: 'up', autor: 'cliente' })]);
    expect(t.items([]).map((m) => m.key)).toEqual(['s']);
  });

  it('counts company messages newer than the last one seen', () => {
    const t = new Thread();
    t.reset([
      msg('1', { criadaEm: '2025-01-01T12:01:00.000Z' }),
      msg('2', { criadaEm: '2025-01-01T12:02:00.000Z', autor: 'cliente' }),
      msg('3', { criadaEm: '2025-01-01T12:03:00.000Z', autor: 'sistema' }),
    ]);
    expect(t.unreadSince(null)).toBe(2);
    expect(t.unreadSince('2025-01-01T12:01:00.000Z')).toBe(1);
    expect(t.unreadSince(t.newest())).toBe(0);
  });
});
