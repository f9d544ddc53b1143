import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { TConversasPage, TMensagem } from '@balcao/shared/atendimentos';
import { mensagens } from '../../db/schema/atendimentos';
import { DB_KINDS } from '../../test/harness';
import { CUSTOMER_JID, closeWith, customerText, ME, pairAccount, wapiTestApp } from '../../test/wapi-kit';
import { wapiOf } from '../registry';
import { textOf } from '../../test/fake-whatsapp-web';

const GAP = 400;

/**
 * Each paired number has its own send lane: one number's paced queue, or a send that hangs, never holds another
 * number's answers, while each number still sends one at a time, in order, at least the gap apart.
 */
describe.each(DB_KINDS)('WhatsApp Web send lanes on %s', (kind) => {
  const h = wapiTestApp(kind, { sendGapMs: GAP });
  const idle = () => wapiOf(h.t.ctx).idle();

  /** A paired number (its own account) whose customer wrote and was accepted: its socket and how to answer. */
  async function numero(prefix: string) {
    const p = await pairAccount(h);
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      h.t.app.inject({ method, url: `/backend/api/atendimento/${url}`, headers: p.master.auth, ...(payload ? { payload } : {}) });
    p.open.emit('messages.upsert', { type: 'notify', messages: [customerText(`IN-${prefix}`, 'Oi')] });
    await idle();
    const c = ((await as('GET', 'conversas?status=aguardando')).json() as TConversasPage).itens[0]!;
    expect((await as('POST', `${c.atendimentoId}/aceitar`)).statusCode).toBe(200);
    await idle();
    const answer = async (conteudo: string) => {
      const r = await as('POST', `${c.atendimentoId}/mensagens`, {
        clientId: `resposta-${conteudo}`,
        atendimentoId: c.atendimentoId,
        conteudo,
      });
      expect(r.statusCode).toBe(201);
      return r.json() as TMensagem;
    };
    const edit = async (id: string, conteudo: string) =>
      expect((await as('PUT', `${c.atendimentoId}/mensagens/${id}`, { conteudo })).statusCode).toBe(200);
    return { sock: p.open, answer, edit, atendimentoId: c.atendimentoId };
  }

  it("sends a number's answer while another number's queue waits on a hung send, each in order and paced", async () => {
    const a = await numero('A');
    const b = await numero('B');
    // One log of both sockets' sends in call order. A's first answer hangs inside sendMessage until B's answer
    // has gone out: with one queue for all numbers B's answer would wait behind it forever.
    const log: { text: string; at: number }[] = [];
    let bOut!: () => void;
    const bSent = new Promise<void>((r) => {
      bOut = r;
    });
    for (const sock of [a.sock, b.sock]) {
      const send = sock.sendMessage.bind(sock);
      sock.sendMessage = async (jid, content, options) => {
        const text = textOf(content) ?? '';
        log.push({ text, at: Date.now() });
        if (text === 'A1') await bSent;
        if (text === 'B1') bOut();
        return send(jid, content, options);
      };
    }
    const texts = () => log.map((s) => s.text);
    for (const n of [1, 2, 3, 4]) await a.answer(`A${n}`);
    // A's lane is stuck in its first send with three answers behind it when B's answer is stored.
    await vi.waitFor(() => expect(texts()).toEqual(['A1']), { timeout: 10_000 });
    await b.answer('B1');
    try {
      // B1 goes out while A1 still hangs; B1's send releases A1, so A's next answers may follow before this looks.
      await vi.waitFor(() => expect(texts().slice(0, 2)).toEqual(['A1', 'B1']), { timeout: 10_000 });
    } finally {
      bOut();
    }
    await idle();
    // Then A's queue went on, in order, each answer once.
    expect(texts()).toEqual(['A1', 'B1', 'A2', 'A3', 'A4']);
    const sentA = log.filter((s) => s.text.startsWith('A'));
    // Paced as before: at least the gap between two sends of the number (a timer may fire a millisecond early).
    for (let i = 1; i < sentA.length; i++) expect(sentA[i]!.at - sentA[i - 1]!.at).toBeGreaterThanOrEqual(GAP - 2);
  });

  it('answers the socket was not handed before it closed wait for the next connection, neither failed nor lost', async () => {
    const c = await numero('C');
    const first = c.sock;
    const send = first.sendMessage.bind(first);
    // The connection drops after the first answer went out, while the second waits its turn (the gap): neither the
    // second nor the third was handed to the socket.
    first.sendMessage = async (jid, content, options) => {
      const sent = await send(jid, content, options);
      if (textOf(content) === 'C1') setTimeout(() => first.emit('connection.update', closeWith(428)), GAP / 4);
      return sent;
    };
    for (const n of [1, 2, 3]) await c.answer(`C${n}`);
    await vi.waitFor(() => expect(h.wa.last).not.toBe(first), { timeout: 10_000, interval: 5 });
    await idle();
    const rows = () =>
      h.t.ctx.db
        .select({
          conteudo: mensagens.conteudo,
          status: mensagens.status,
          enviandoEm: mensagens.enviandoEm,
          tentativas: mensagens.tentativas,
        })
        .from(mensagens)
        .where(and(eq(mensagens.atendimentoId, c.atendimentoId), inArray(mensagens.conteudo, ['C1', 'C2', 'C3'])))
        .orderBy(mensagens.seq);
    expect(await rows()).toEqual([
      { conteudo: 'C1', status: 'sent', enviandoEm: null, tentativas: 1 },
      { conteudo: 'C2', status: 'pending', enviandoEm: null, tentativas: 0 },
      { conteudo: 'C3', status: 'pending', enviandoEm: null, tentativas: 0 },
    ]);
    const next = h.wa.last;
    next.user = ME;
    next.emit('connection.update', { connection: 'open' });
    await vi.waitFor(async () => expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']), { timeout: 10_000 });
    expect(first.texts.at(-1)).toBe('C1');
    expect(next.texts).toEqual(['C2', 'C3']);
  });

  it('an edit the socket was not handed before it closed is told through the next connection, not lost', async () => {
    const d = await numero('D');
    const first = d.sock;
    const d0 = await d.answer('D0');
    await idle();
    // D1's send hangs while D0's edit is stored, so the lane claims the edit right after D1; the connection drops
    // as D1 goes out, before the edit's gap has passed: the edit was claimed but never handed to that socket.
    const send = first.sendMessage.bind(first);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let hanging = false;
    first.sendMessage = async (jid, content, options) => {
      if (textOf(content) !== 'D1') return send(jid, content, options);
      hanging = true;
      await held;
      const sent = await send(jid, content, options);
      first.emit('connection.update', closeWith(428));
      return sent;
    };
    await d.answer('D1');
    await vi.waitFor(() => expect(hanging).toBe(true), { timeout: 10_000 });
    await d.edit(d0.id, 'D0 corrigida');
    release();
    await vi.waitFor(() => expect(h.wa.last).not.toBe(first), { timeout: 10_000 });
    await idle();
    const [row] = await h.t.ctx.db
      .select({ alteracao: mensagens.alteracao, externalId: mensagens.externalId })
      .from(mensagens)
      .where(eq(mensagens.id, d0.id));
    expect(row?.alteracao).toBe('editar');
    expect(first.texts.slice(-2)).toEqual(['D0', 'D1']);
    expect(first.sent.filter((s) => 'edit' in s.content)).toEqual([]);
    const next = h.wa.last;
    next.user = ME;
    next.emit('connection.update', { connection: 'open' });
    const key = { remoteJid: CUSTOMER_JID, id: row!.externalId, fromMe: true };
    await vi.waitFor(() => expect(next.sent.map((s) => s.content)).toEqual([{ text: 'D0 corrigida', edit: key }]), { timeout: 10_000 });
  });
});
