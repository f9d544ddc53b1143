import { randomUUID } from 'node:crypto';
import { proto } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TMensagem } from '@balcao/shared/atendimentos';
import type { TStatusUpdate } from '@balcao/shared/atendimentos/realtime';
import { clientes, mensagens } from '../../db/schema/atendimentos';
import { Outbox } from '../../modules/atendimentos/outbox/outbox';
import { makeAtendimento, makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';
import { MinimalOutboundDriver, minimalConversation } from '../../test/drivers/minimal-outbound';
import { login, makeAccount } from '../../test/factories';
import { FakeGraph } from '../../test/fake-graph';
import type { FakeWaSocket } from '../../test/fake-whatsapp-web';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { whilePublishing } from '../../test/publisher-spy';
import { pairAccount, wapiTestApp } from '../../test/wapi-kit';
import { newWhatsAppChannel } from '../../test/whatsapp-channel';
import { WapiInbound } from '../whatsapp-web/inbound';
import type { WidgetDriver } from '../widget/driver';

/**
 * The outbound half of the driver contract: every driver, through the one outbox (or, for the widget, its
 * socket), leaves the same stored state and tells the attendants the same events for the same scenario: a
 * refusal worth retrying, a permanent refusal (its reason shown in Portuguese), a resend with the same
 * clientId, and a send a crash cut.
 */
type Kit = {
  t: () => TestApp;
  /** A conversation held by a new account's master, its customer written within the reply window. */
  open(): Promise<{ atendimentoId: string; auth: Record<string, string> }>;
  /** How many times the provider got this text (the widget: pushed to the visitor). */
  got(conteudo: string): number;
  idle(): Promise<void>;
  /** Makes the provider's next send fail: worth another try, or for good (null: the driver has no such answer). */
  refuse: { retry(): void; permanent(): void; reason: string } | null;
  /**
   * Makes the provider's next send tell 'delivered' for it, handled before the send returns its id (an ack
   * that beats the answer); absent where the provider's statuses come another way.
   */
  ackDuringSend?: () => void;
};

const TENTATIVA_MS = 10_000;

/** Answers as an attendant does (POST …/mensagens); the same clientId again is a resend. */
async function answer(kit: Kit, c: { atendimentoId: string; auth: Record<string, string> }, clientId: string, conteudo: string) {
  const r = await kit.t().app.inject({
    method: 'POST',
    url: `/backend/api/atendimento/${c.atendimentoId}/mensagens`,
    headers: c.auth,
    payload: { clientId, atendimentoId: c.atendimentoId, conteudo },
  });
  expect(r.statusCode).toBeLessThan(300);
  return r.json() as TMensagem;
}

async function stored(kit: Kit, atendimentoId: string, clientId: string) {
  return kit
    .t()
    .ctx.db.select()
    .from(mensagens)
    .where(and(eq(mensagens.atendimentoId, atendimentoId), eq(mensagens.clientId, clientId)));
}

/** What the attendants were told of one message: its message events and its status updates, in order. */
async function told<T>(kit: Kit, clientId: string, fn: () => Promise<T>) {
  const messages: string[] = [];
  const statuses: TStatusUpdate['status'][] = [];
  const result = await whilePublishing(
    kit.t().ctx,
    {
      messages: (_a, _row, msgs) => {
        for (const m of msgs) if (m.clientId === clientId) messages.push(m.id);
      },
      status: (_a, _row, u) => {
        if (u.clientId === clientId) statuses.push(u.status);
      },
    },
    fn,
  );
  return { result, messages, statuses };
}

/** A customer and their conversation on `canalId`, held by `atendenteId`, who wrote a minute ago. */
async function conversationOn(t: TestApp, accountId: string, canalId: string, atendenteId: string) {
  const [cliente] = await t.ctx.db.insert(clientes).values({ accountId, nome: 'Cliente', numero: '5511977776666' }).returning();
  const a = await makeAtendimento(t.ctx.db, {
    accountId,
    clienteId: cliente!.id,
    canalId,
    origem: 'whatsapp',
    status: 'em_atendimento',
    atendenteId,
    clienteEscreveuEm: new Date(Date.now() - 60_000),
  });
  return a.id;
}

function outboundContract(name: string, kit: Kit) {
  describe(name, () => {
    it('resends with the same clientId: one message, provided once, told once', async () => {
      const c = await kit.open();
      const clientId = `reenvio-${randomUUID()}`;
      const seen = await told(kit, clientId, async () => {
        const first = await answer(kit, c, clientId, 'só uma vez');
        const again = await answer(kit, c, clientId, 'só uma vez');
        await kit.idle();
        return [first.id, again.id];
      });
      expect(seen.result[1]).toBe(seen.result[0]);
      const rows = await stored(kit, c.atendimentoId, clientId);
      expect(rows.map((r) => ({ status: r.status, erroEnvio: r.erroEnvio, claimed: r.enviandoEm !== null }))).toEqual([
        { status: 'sent', erroEnvio: null, claimed: false },
      ]);
      expect(kit.got('só uma vez')).toBe(1);
      expect(seen.messages).toEqual([rows[0]!.id]);
      expect(seen.statuses).toEqual(kit.refuse ? ['sent'] : []);
    });

    it.runIf(kit.refuse !== null)('tries again after a refusal worth retrying, and tells only the outcome', async () => {
      const c = await kit.open();
      const clientId = `retry-${randomUUID()}`;
      kit.refuse!.retry();
      const seen = await told(kit, clientId, async () => {
        await answer(kit, c, clientId, 'de novo');
        await vi.waitFor(async () => expect((await stored(kit, c.atendimentoId, clientId))[0]!.status).toBe('sent'), {
          timeout: TENTATIVA_MS,
          interval: 50,
        });
        await kit.idle();
      });
      const [row] = await stored(kit, c.atendimentoId, clientId);
      expect(row).toMatchObject({ status: 'sent', erroEnvio: null, tentativas: 2, enviandoEm: null, proximaTentativaEm: null });
      expect(row!.externalId).toBeTruthy();
      expect(kit.got('de novo')).toBe(1);
      expect(seen.messages).toEqual([row!.id]);
      expect(seen.statuses).toEqual(['sent']);
    });

    it.runIf(kit.refuse !== null)('fails a permanent refusal at once with its reason in Portuguese, never tried again', async () => {
      const c = await kit.open();
      const clientId = `falha-${randomUUID()}`;
      kit.refuse!.permanent();
      const seen = await told(kit, clientId, async () => {
        await answer(kit, c, clientId, 'recusada');
        await kit.idle();
      });
      const [row] = await stored(kit, c.atendimentoId, clientId);
      expect(row).toMatchObject({ status: 'failed', erroEnvio: kit.refuse!.reason, tentativas: 1, enviandoEm: null });
      expect(kit.got('recusada')).toBe(0);
      expect(seen.messages).toEqual([row!.id]);
      expect(seen.statuses).toEqual(['failed']);
    });

    it.runIf(kit.ackDuringSend !== undefined)('keeps a status told before its send settled, and applies it on the settle', async () => {
      const c = await kit.open();
      const clientId = `adiantado-${randomUUID()}`;
      kit.ackDuringSend!();
      const seen = await told(kit, clientId, async () => {
        await answer(kit, c, clientId, 'confirmada cedo');
        await kit.idle();
      });
      const [row] = await stored(kit, c.atendimentoId, clientId);
      expect(row).toMatchObject({ status: 'delivered', erroEnvio: null, enviandoEm: null });
      expect(row!.externalId).toBeTruthy();
      expect(kit.got('confirmada cedo')).toBe(1);
      expect(seen.statuses).toEqual(['sent', 'delivered']);
    });

    it.runIf(kit.refuse !== null)('fails a send a crash cut mid-call at the next start, never sending it twice', async () => {
      const c = await kit.open();
      const clientId = `corte-${randomUUID()}`;
      const m = await answer(kit, c, clientId, 'cortada');
      await kit.idle();
      const before = kit.got('cortada');
      // The claim of a process that died while the provider had the message: no outcome was written.
      await kit
        .t()
        .ctx.db.update(mensagens)
        .set({ status: 'pending', externalId: null, enviandoEm: new Date(Date.now() - 3 * 60_000) })
        .where(eq(mensagens.id, m.id));
      const restarted = new Outbox(kit.t().ctx);
      const quiet = { error: () => undefined };
      const seen = await told(kit, clientId, async () => {
        await restarted.start(quiet);
        await restarted.stop();
        await kit.idle();
      });
      const [row] = await stored(kit, c.atendimentoId, clientId);
      expect(row).toMatchObject({
        status: 'failed',
        erroEnvio:
          'O envio foi interrompido (o servidor reiniciou durante o envio). Confira no WhatsApp do cliente e reenvie se necessário.',
        enviandoEm: null,
      });
      expect(kit.got('cortada')).toBe(before);
      expect(seen.messages).toEqual([]);
    });
  });
}

describe.each(DB_KINDS)('outbound driver contract on %s', (kind) => {
  describe('the minimal test driver', () => {
    let t: TestApp;
    const driver = new MinimalOutboundDriver('wapi');
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t.ctx.channels!.outbox.idle();
      await t.close();
    });
    outboundContract('minimal', {
      t: () => t,
      async open() {
        const acc = await makeAccount(t.ctx.db);
        const master = await login(t.app, acc.master.email);
        const c = await minimalConversation(t, driver, acc.account.id, acc.master.id);
        return { atendimentoId: c.atendimentoId, auth: master.auth };
      },
      got: (conteudo) => driver.accepted.filter((m) => m.texto === conteudo).length,
      idle: () => t.ctx.channels!.outbox.idle(),
      refuse: {
        retry: () => driver.answerNext({ retryAfterMs: 50, reason: 'O canal mínimo recusou várias vezes.' }),
        permanent: () => driver.answerNext({ permanent: 'O canal mínimo recusou a mensagem.' }),
        reason: 'O canal mínimo recusou a mensagem.',
      },
    });
  });

  describe('the WhatsApp Cloud API (the local Graph API)', () => {
    let t: TestApp;
    let graph: FakeGraph;
    beforeAll(async () => {
      graph = await new FakeGraph('EAAJBtest-access-token-0123456789', '1122334455667').start();
      t = await createTestApp(kind, { whatsapp: { graphUrl: graph.baseUrl, graphVersion: 'v23.0' } });
    });
    afterAll(async () => {
      await t.ctx.channels!.outbox.idle();
      await t.close();
      await graph.stop();
    });
    // Only what Meta accepted: a refused call is recorded too, answered with an error instead of a wamid.
    const refused = new Set<number>();
    outboundContract('Cloud API', {
      t: () => t,
      async open() {
        const ch = await newWhatsAppChannel(t, { phoneNumberId: graph.newNumber() });
        const atendimentoId = await conversationOn(t, ch.acc.account.id, ch.canal.id, ch.acc.master.id);
        return { atendimentoId, auth: ch.master.auth };
      },
      got: (conteudo) =>
        graph.sends().filter((x, i) => !refused.has(i) && (x.body?.text as { body?: string } | undefined)?.body === conteudo).length,
      idle: () => t.ctx.channels!.outbox.idle(),
      refuse: {
        retry: () => {
          refused.add(graph.sends().length);
          graph.failNext(1, 400, { error: { message: '(#131056) pair rate limit hit', type: 'OAuthException', code: 131056 } });
        },
        permanent: () => {
          refused.add(graph.sends().length);
          graph.failNext(1, 400, { error: { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026 } });
        },
        reason: 'Mensagem não entregue: o número pode não ter WhatsApp ou estar com uma versão antiga.',
      },
    });
  });

  describe('WhatsApp Web (the fake socket)', () => {
    const h = wapiTestApp(kind);
    const socks: FakeWaSocket[] = [];
    outboundContract('WhatsApp Web', {
      t: () => h.t,
      async open() {
        const p = await pairAccount(h);
        socks.push(p.open);
        const atendimentoId = await conversationOn(h.t, p.acc.account.id, p.canalId, p.acc.master.id);
        return { atendimentoId, auth: p.master.auth };
      },
      got: (conteudo) => socks.flatMap((s) => s.texts).filter((x) => x === conteudo).length,
      idle: () => h.t.ctx.channels!.outbox.idle(),
      refuse: {
        // Baileys found its connection closed (DisconnectReason.connectionClosed): nothing left.
        retry: () => socks.at(-1)!.failNext(Object.assign(new Error('Connection Closed'), { output: { statusCode: 428 } })),
        permanent: () => socks.at(-1)!.failNext(new Error('not-acceptable')),
        reason: 'Não foi possível enviar a mensagem pelo WhatsApp Web.',
      },
      ackDuringSend() {
        const sock = socks.at(-1)!;
        const send = sock.sendMessage.bind(sock);
        const update = vi.spyOn(WapiInbound.prototype, 'update');
        sock.sendMessage = async (jid, content, options) => {
          sock.sendMessage = send;
          const sent = await send(jid, content, options);
          // The phone's ack (DELIVERY_ACK) for the id WhatsApp answered, handled while the send is still in flight.
          sock.emit('messages.update', [{ key: { ...sent!.key }, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } }]);
          await vi.waitFor(() => expect(update).toHaveBeenCalled(), { interval: 5 });
          await update.mock.results[0]!.value;
          update.mockRestore();
          return sent;
        };
      },
    });
  });

  describe('the website widget (its socket)', () => {
    let t: TestApp;
    const pushed: string[] = [];
    beforeAll(async () => {
      t = await createTestApp(kind);
      const widget = t.ctx.channels!.get('widget') as WidgetDriver;
      const push = widget.deliver.bind(widget);
      widget.deliver = (accountId, row, msgs) => {
        for (const m of msgs) pushed.push(m.conteudo);
        push(accountId, row, msgs);
      };
    });
    afterAll(() => t.close());
    outboundContract('widget', {
      t: () => t,
      async open() {
        const acc = await makeAccount(t.ctx.db);
        const master = await login(t.app, acc.master.email);
        const canal = await makeCanal(t, master.auth);
        const v = await makeVisitor(t, canal);
        const sent = await v.send('Olá');
        const [m] = await t.ctx.db.select().from(mensagens).where(eq(mensagens.id, sent.id));
        const atendimentoId = m!.atendimentoId;
        expect(
          (await t.app.inject({ method: 'POST', url: `/backend/api/atendimento/${atendimentoId}/aceitar`, headers: master.auth }))
            .statusCode,
        ).toBe(200);
        return { atendimentoId, auth: master.auth };
      },
      got: (conteudo) => pushed.filter((x) => x === conteudo).length,
      idle: async () => undefined,
      // A push to the visitor's sockets cannot be refused: the page loads what it missed when it reconnects.
      refuse: null,
    });
  });
});
