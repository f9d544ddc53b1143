import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TWapiSessao, TWapiStatus } from '@balcao/shared/wapi';
import { canais } from '../../db/schema/atendimentos';
import { wapiSessoes } from '../../db/schema/wapi';
import { login, makeAccount } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { pairAccount, wapiTestApp } from '../../test/wapi-kit';
import { wapiOf } from '../registry';
import { WapiAuthStore } from './auth-store';

/** The WhatsApp Web channel's life through the generic channel routes, and its first 'conectar' under concurrency. */
describe.each(DB_KINDS)('WhatsApp Web channel removal and creation on %s', (kind) => {
  const h = wapiTestApp(kind);
  const idle = () => wapiOf(h.t.ctx).idle();
  const liveWapi = (accountId: string) =>
    h.t.ctx.db
      .select({ id: canais.id })
      .from(canais)
      .where(and(eq(canais.accountId, accountId), eq(canais.tipo, 'wapi'), isNull(canais.removidoEm)));

  it('DELETE /api/canais/{id} disconnects first (logout, keys cleared), and conectar works again afterwards', async () => {
    const p = await pairAccount(h);
    const r = await h.t.app.inject({ method: 'DELETE', url: `/backend/api/canais/${p.canalId}`, headers: p.master.auth });
    expect(r.statusCode).toBe(204);
    await idle();
    expect(p.open.loggedOut).toBe(true);
    expect(await new WapiAuthStore(h.t.ctx.db, h.t.ctx.cipher, p.canalId).hasCreds()).toBe(false);
    expect(await p.get<TWapiStatus>('status')).toEqual({ connected: false, phoneNumber: null });
    expect(await p.get<TWapiSessao>('qr')).toMatchObject({ estado: 'desconectado', numero: null });
    expect(await liveWapi(p.acc.account.id)).toEqual([]);
    // 'Desconectar' still answers (nothing to disconnect), and a new 'conectar' starts a new channel and socket.
    expect((await h.t.app.inject({ method: 'POST', url: p.api('desconectar'), headers: p.master.auth })).statusCode).toBe(200);
    const sockets = h.wa.sockets.length;
    const again = await h.t.app.inject({ method: 'POST', url: p.api('conectar'), headers: p.master.auth });
    expect(again.statusCode).toBe(202);
    await idle();
    expect(h.wa.sockets.length).toBe(sockets + 1);
    const [live] = await liveWapi(p.acc.account.id);
    expect(live?.id).toBeDefined();
    expect(live?.id).not.toBe(p.canalId);
  });

  it('a session row left by a channel removed before this fix does not break conectar', async () => {
    const p = await pairAccount(h);
    // What the old DELETE did: the channel marked removed, its session row and socket left behind.
    await h.t.ctx.db.update(canais).set({ removidoEm: new Date(), ativo: false }).where(eq(canais.id, p.canalId));
    const r = await h.t.app.inject({ method: 'POST', url: p.api('conectar'), headers: p.master.auth });
    expect(r.statusCode).toBe(202);
    await idle();
    const rows = await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, p.acc.account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.canalId).not.toBe(p.canalId);
    // The orphan socket's owner let it go once its session row was gone.
    await wapiOf(h.t.ctx).wake();
    await idle();
    expect(p.open.ended).toBe(true);
  });

  it('four concurrent first conectar calls create one channel and one session', async () => {
    const acc = await makeAccount(h.t.ctx.db);
    const master = await login(h.t.app, acc.master.email);
    const url = `/backend/wapi/clients/${acc.account.id}/conectar`;
    const answers = await Promise.all([1, 2, 3, 4].map(() => h.t.app.inject({ method: 'POST', url, headers: master.auth })));
    for (const a of answers) expect(a.statusCode).toBe(202);
    await idle();
    expect(await liveWapi(acc.account.id)).toHaveLength(1);
    const all = await h.t.ctx.db
      .select({ id: canais.id })
      .from(canais)
      .where(and(eq(canais.accountId, acc.account.id), eq(canais.tipo, 'wapi')));
    expect(all).toHaveLength(1);
    expect(await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, acc.account.id))).toHaveLength(1);
  });
});
