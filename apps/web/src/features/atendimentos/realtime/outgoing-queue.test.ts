import { describe, expect, it, vi } from 'vitest';
import type { TSendAck } from '@balcao/shared/atendimentos';
import { makeMensagem } from '../testing/factories';
import { OutgoingQueue } from './outgoing-queue';

const item = (clientId: string) => JSON.stringify({ clientId, atendimentoId: 'a1', tipo: 'text', conteudo: clientId });
const ok = (clientId: string): TSendAck => ({ ok: true, mensagem: makeMensagem({ clientId }) });

describe('OutgoingQueue', () => {
  it('sends in order, one after the other, and empties on acks', async () => {
    const sent: string[] = [];
    const acks: string[] = [];
    const q = new OutgoingQueue(
      async (json) => {
        const { clientId } = JSON.parse(json) as { clientId: string };
        sent.push(clientId);
        return ok(clientId);
      },
      (id) => acks.push(id),
    );
    for (const c of ['c1', 'c2', 'c3']) q.enqueue(item(c));
    await q.flush();
    expect(sent).toEqual(['c1', 'c2', 'c3']);
    expect(acks).toEqual(['c1', 'c2', 'c3']);
    expect(q.size).toBe(0);
  });

  it('keeps the head and what follows on a transport failure, and resends them in order later', async () => {
    let online = false;
    const sent: string[] = [];
    const q = new OutgoingQueue(
      async (json) => {
        const { clientId } = JSON.parse(json) as { clientId: string };
        if (!online) throw new Error('timeout');
        sent.push(clientId);
        return ok(clientId);
      },
      () => undefined,
    );
    q.enqueue(item('c1'));
    q.enqueue(item('c2'));
    await q.flush();
    expect(q.snapshot().map((i) => i.clientId)).toEqual(['c1', 'c2']);
    q.enqueue(item('c3'));
    online = true;
    await q.flush();
    expect(sent).toEqual(['c1', 'c2', 'c3']);
    expect(q.size).toBe(0);
  });

  it('takes a refused item out and reports it, then goes on with the next', async () => {
    const onAck = vi.fn();
    const q = new OutgoingQueue(async (json) => {
      const { clientId } = JSON.parse(json) as { clientId: string };
      return clientId === 'c1' ? { ok: false, message: 'Aceite o atendimento antes de responder.', code: 'FORBIDDEN' } : ok(clientId);
    }, onAck);
    q.enqueue(item('c1'));
    q.enqueue(item('c2'));
    await q.flush();
    expect(onAck.mock.calls.map((c) => [c[0], (c[1] as TSendAck).ok])).toEqual([
      ['c1', false],
      ['c2', true],
    ]);
    expect(q.size).toBe(0);
  });

  it('keeps the queue when the refusal says the database was away (code, not text), and sends it in order later', async () => {
    const onAck = vi.fn();
    let database = false;
    const sent: string[] = [];
    const q = new OutgoingQueue(async (json) => {
      const { clientId } = JSON.parse(json) as { clientId: string };
      if (!database) return { ok: false, message: 'O banco de dados está indisponível no momento.', code: 'DATABASE_UNAVAILABLE' };
      sent.push(clientId);
      return ok(clientId);
    }, onAck);
    q.enqueue(item('c1'));
    q.enqueue(item('c2'));
    await q.flush();
    expect(q.snapshot().map((i) => i.clientId)).toEqual(['c1', 'c2']);
    expect(onAck).not.toHaveBeenCalled();
    database = true;
    await q.flush();
    expect(sent).toEqual(['c1', 'c2']);
    expect(q.size).toBe(0);
  });

  it('keeps one item per clientId and joins a running flush', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const send = vi.fn(async (json: string) => {
      await gate;
      return ok((JSON.parse(json) as { clientId: string }).clientId);
    });
    const q = new OutgoingQueue(send, () => undefined);
    q.enqueue(item('c1'));
    q.enqueue(item('c1'));
    const a = q.flush();
    q.enqueue(item('c2'));
    const b = q.flush();
    expect(a).toBe(b);
    release();
    await a;
    expect(send).toHaveBeenCalledTimes(2);
    expect(q.size).toBe(0);
  });

  it('refuses an item without clientId', () => {
    const q = new OutgoingQueue(
      async () => ok('x'),
      () => undefined,
    );
    expect(() => q.enqueue(JSON.stringify({ conteudo: 'x' }))).toThrow();
  });
});
