import { describe, expect, it } from 'vitest';
import { makeEvento } from '../testing/factories';
import { carriesMessage, normalizeIncoming, type TNormalizeContext } from './normalize';

const ctx = (p: Partial<TNormalizeContext> = {}): TNormalizeContext => ({ abertoId: null, numeroDe: () => '5511999990000', ...p });

describe('normalizeIncoming', () => {
  it('makes the number the sender of a widget customer message', () => {
    const m = normalizeIncoming(makeEvento({ origem: 'widget', from: 'visitante-xyz' }), ctx());
    expect(m.from).toBe('5511999990000');
  });

  it('keeps the sender of an attendant message and of WhatsApp', () => {
    expect(normalizeIncoming(makeEvento({ origem: 'widget', isAtendente: true, from: 'ana' }), ctx()).from).toBe('ana');
    expect(normalizeIncoming(makeEvento({ origem: 'whatsapp', from: '5511888887777' }), ctx()).from).toBe('5511888887777');
  });

  it('zeroes the unread count of the open atendimento, and of WhatsApp messages only there', () => {
    const whats = { origem: 'whatsapp' as const, mensagensNaoLidas: 3 };
    expect(normalizeIncoming(makeEvento({ ...whats, atendimentoId: 'a1' }), ctx({ abertoId: 'a1' })).mensagensNaoLidas).toBe(0);
    expect(normalizeIncoming(makeEvento({ ...whats, atendimentoId: 'a2' }), ctx({ abertoId: 'a1' })).mensagensNaoLidas).toBe(3);
  });

  it('normalises every widget message to unread zero, open or not (spec part 2 §4)', () => {
    for (const origem of ['widget', 'widget-response'] as const) {
      const m = normalizeIncoming(makeEvento({ origem, atendimentoId: 'a2', mensagensNaoLidas: 4 }), ctx({ abertoId: 'a1' }));
      expect(m.mensagensNaoLidas).toBe(0);
      // The list's badge keeps the server's count (the hub sends no row with the message to restore it).
      expect(m.naoLidasNoServidor).toBe(4);
    }
  });

  it('turns a reaction into type reaction with the emoji as the text', () => {
    const raw = makeEvento({ type: 'text', content: '' });
    raw.message.reaction = '👍';
    const m = normalizeIncoming(raw, ctx());
    expect([m.type, m.content, m.message.type, m.message.text, m.mensagem.tipo, m.mensagem.conteudo]).toEqual([
      'reaction',
      '👍',
      'reaction',
      '👍',
      'reaction',
      '👍',
    ]);
  });

  it('marks edited and deleted messages, and takes id from messageId', () => {
    expect(normalizeIncoming(makeEvento({ type: 'edited' }), ctx()).mensagem.editada).toBe(true);
    expect(normalizeIncoming(makeEvento({ type: 'deleted' }), ctx()).mensagem.apagada).toBe(true);
    expect(normalizeIncoming(makeEvento({ id: '', messageId: 'x1' }), ctx()).id).toBe('x1');
  });

  it('does not mutate the event it was given', () => {
    const raw = makeEvento({ type: 'deleted' });
    normalizeIncoming(raw, ctx());
    expect([raw.type, raw.message.isDeleted]).toEqual(['deleted', false]);
  });

  it('tells chat lines from presence and receipts', () => {
    expect(carriesMessage(makeEvento({ type: 'text' }))).toBe(true);
    expect(carriesMessage(makeEvento({ type: 'presence' }))).toBe(false);
    expect(carriesMessage(makeEvento({ type: 'receipt' }))).toBe(false);
  });
});
