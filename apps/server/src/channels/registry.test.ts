import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProvedorCanal } from '@balcao/shared/canais';
import { MinimalOutboundDriver, minimalConversation } from '../test/drivers/minimal-outbound';
import { login, makeAccount } from '../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../test/harness';

describe.each(DB_KINDS)('channel registry on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.ctx.channels!.outbox.idle();
    await t.close();
  });

  it("wakes only the conversation's own channel, not every driver of its kind", async () => {
    // Two providers of one kind (both serve 'whatsapp' conversations): the answer is for the second one's channel.
    const cloud = new MinimalOutboundDriver('whatsapp');
    const web = new MinimalOutboundDriver('wapi');
    t.ctx.channels!.register(cloud);
    const acc = await makeAccount(t.ctx.db);
    const master = await login(t.app, acc.master.email);
    const c = await minimalConversation(t, web, acc.account.id, acc.master.id);
    const outbox = t.ctx.channels!.outbox;
    const kicked: [string, TProvedorCanal][] = [];
    const kick = outbox.kick.bind(outbox);
    outbox.kick = (canalId, tipo) => {
      kicked.push([canalId, tipo]);
      kick(canalId, tipo);
    };
    try {
      const r = await t.app.inject({
        method: 'POST',
        url: `/backend/api/atendimento/${c.atendimentoId}/mensagens`,
        headers: master.auth,
        payload: { clientId: 'proprio-canal-1', atendimentoId: c.atendimentoId, conteudo: 'pelo canal certo' },
      });
      expect(r.statusCode).toBe(201);
      await outbox.idle();
    } finally {
      outbox.kick = kick;
    }
    expect(kicked.length).toBeGreaterThan(0);
    expect(kicked.every(([canalId, tipo]) => canalId === c.canalId && tipo === 'wapi')).toBe(true);
    expect(web.accepted.map((m) => m.texto)).toEqual(['pelo canal certo']);
    expect(cloud.sent).toEqual([]);
    expect((await t.ctx.channels!.of({ canalId: c.canalId }))?.tipo).toBe('wapi');
  });
});
