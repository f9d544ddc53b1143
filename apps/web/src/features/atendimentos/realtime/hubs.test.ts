// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CUSTOMER_CHAT_CHECK_MS } from '@balcao/shared/atendimentos/realtime';
import { createChatInternoSocket } from '@/features/chat-interno/realtime/chat-interno-socket';
import { createAtendimentoSocket } from './customer-chat';

/** The two hubs used to share one socket.io Manager, so the internal chat's policy governed both. */
describe('realtime hubs', () => {
  it('give the customer chat and the internal chat a Manager each', () => {
    const atendimento = createAtendimentoSocket();
    const interno = createChatInternoSocket();
    expect(atendimento.io).not.toBe(interno.io);
    atendimento.close();
    interno.close();
  });

  it('let socket.io reconnect the customer chat within its 5 s check, and leave the internal chat to its own series', () => {
    const atendimento = createAtendimentoSocket();
    const interno = createChatInternoSocket();
    expect(atendimento.io.reconnection()).toBe(true);
    expect(atendimento.io.reconnectionDelayMax()).toBeLessThan(CUSTOMER_CHAT_CHECK_MS);
    expect(interno.io.reconnection()).toBe(false);
    atendimento.close();
    interno.close();
  });
});
