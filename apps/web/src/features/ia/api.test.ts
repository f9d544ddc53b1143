import { describe, expect, it } from 'vitest';
import { eventosSse } from './api';

/** A body that arrives in the given pieces, as a network would cut it. */
const corpo = (pedacos: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pedacos) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });

describe('the assistant stream', () => {
  it('reads events cut anywhere, accents split across chunks included', async () => {
    const texto =
      'event: fontes\ndata: []\n\nevent: delta\ndata: {"texto":"Olá, "}\n\nevent: delta\ndata: {"texto":"são 3 dias"}\n\nevent: fim\ndata: {"id":"x","uso":{"promptTokens":1,"completionTokens":2,"totalTokens":3}}\n\n';
    const bytes = new TextEncoder().encode(texto);
    // Cut in the middle of 'á' (two bytes) and of an event.
    const cortes = [0, 40, 41, 70, bytes.length];
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 1; i < cortes.length; i++) c.enqueue(bytes.slice(cortes[i - 1], cortes[i]));
        c.close();
      },
    });
    const eventos = [];
    for await (const e of eventosSse(stream)) eventos.push(e);
    expect(eventos).toEqual([
      { event: 'fontes', data: [] },
      { event: 'delta', data: { texto: 'Olá, ' } },
      { event: 'delta', data: { texto: 'são 3 dias' } },
      { event: 'fim', data: { id: 'x', uso: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } } },
    ]);
  });

  it('reads an error event', async () => {
    const eventos = [];
    for await (const e of eventosSse(corpo(['event: erro\ndata: {"message":"O provedor', ' de IA recusou a chave."}\n\n'])))
      eventos.push(e);
    expect(eventos).toEqual([{ event: 'erro', data: { message: 'O provedor de IA recusou a chave.' } }]);
  });
});
