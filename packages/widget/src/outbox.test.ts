import { describe, expect, it } from 'vitest';
import type { TWidgetMessage } from '@balcao/shared/widget';
import { Outbox, type OutboxItem, type SendResult } from './outbox';
import type { KV } from './storage';

const memory = (): KV & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};
const item = (clientId: string, conteudo = clientId): OutboxItem => ({
  clientId,
  conteudo,
  midia: null,
  criadaEm: '2025-01-01T12:00:00.000Z',
});
const stored = (o: OutboxItem): TWidgetMessage => ({
  id: `m-${o.clientId}`,
  clientId: o.clientId,
  autor: 'cliente',
  atendenteNome: null,
  tipo: 'text',
  conteudo: o.conteudo,
  midia: null,
  criadaEm: o.criadaEm,
  editada: false,
  apagada: false,
});
const ok = (o: OutboxItem): SendResult => ({ ok: true, mensagem: stored(o) });

describe('Outbox', () => {
  it('persists in storage, so a reload finds the queue', () => {
    const kv = memory();
    new Outbox(kv, 'fila').add(item('a'));
    new Outbox(kv, 'fila').add(item('b'));
    expect(new Outbox(kv, 'fila').list().map((i) => i.clientId)).toEqual(['a', 'b']);
  });

  it('never queues the same clientId twice', () => {
    const box = new Outbox(memory(), 'fila');
    expect(box.add(item('a'))).toBe(true);
    expect(box.add(item('a', 'outra vez'))).toBe(false);
    expect(box.list()).toHaveLength(1);
  });

  it('sends in typing order and empties the queue', async () => {
    const kv = memory();
    const box = new Outbox(kv, 'fila');
    for (const id of ['1', '2', '3']) box.add(item(id));
    const sent: string[] = [];
    const delivered: string[] = [];
    await box.flush(
      async (o) => {
        sent.push(o.clientId);
        return ok(o);
      },
      (m) => delivered.push(m.id),
    );
    expect(sent).toEqual(['1', '2', '3']);
    expect(delivered).toEqual(['m-1', 'm-2', 'm-3']);
    expect(kv.data.has('fila')).toBe(false);
  });

  it('stops at the first message that may not have arrived and resends it first, with the same clientId', async () => {
    const box = new Outbox(memory(), 'fila');
    for (const id of ['1', '2', '3']) box.add(item(id));
    const sent: string[] = [];
    let online = false;
    const send = async (o: OutboxItem): Promise<SendResult> => {
      sent.push(o.clientId);
      return online ? ok(o) : { ok: false, retry: true };
    };
    await box.flush(send, () => {});
    expect(sent).toEqual(['1']);
    expect(box.list().map((i) => i.clientId)).toEqual(['1', '2', '3']);
    online = true;
    await box.flush(send, () => {});
    expect(sent).toEqual(['1', '1', '2', '3']);
    expect(box.list()).toEqual([]);
  });

  it('marks a refused message failed, goes on with the rest, and sends it again on retry', async () => {
    const box = new Outbox(memory(), 'fila');
    for (const id of ['1', '2']) box.add(item(id));
    const sent: string[] = [];
    await box.flush(
      async (o) => {
        sent.push(o.clientId);
        return o.clientId === '1' && sent.length === 1 ? { ok: false, retry: false, message: 'Aguarde um instante.' } : ok(o);
      },
      () => {},
    );
    expect(sent).toEqual(['1', '2']);
    expect(box.list()).toEqual([{ ...item('1'), erro: 'Aguarde um instante.' }]);
    await box.flush(
      async (o) => ok(o),
      () => {},
    );
    expect(box.list()).toHaveLength(1); // a failed one waits for the visitor
    box.retry('1');
    await box.flush(
      async (o) => {
        sent.push(o.clientId);
        return ok(o);
      },
      () => {},
    );
    expect(sent.at(-1)).toBe('1');
    expect(box.list()).toEqual([]);
  });

  it('runs one flush at a time and picks up messages typed meanwhile', async () => {
    const box = new Outbox(memory(), 'fila');
    box.add(item('1'));
    const sent: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = async (o: OutboxItem) => {
      sent.push(o.clientId);
      if (o.clientId === '1') await gate;
      return ok(o);
    };
    const first = box.flush(send, () => {});
    const second = box.flush(send, () => {});
    expect(second).toBe(first);
    box.add(item('2'));
    release();
    await first;
    expect(sent).toEqual(['1', '2']);
  });

  it('survives garbage in storage', () => {
    const kv = memory();
    kv.setItem('fila', '{not json');
    expect(new Outbox(kv, 'fila').list()).toEqual([]);
    kv.setItem('fila', JSON.stringify([null, { conteudo: 'x' }, item('ok')]));
    expect(new Outbox(kv, 'fila').list().map((i) => i.clientId)).toEqual(['ok']);
  });
});
