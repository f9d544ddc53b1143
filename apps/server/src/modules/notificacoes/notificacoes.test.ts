import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { ZEnviarMensagemInput } from '@balcao/shared/chat-interno';
import type { TNotificacaoPreferencias } from '@balcao/shared/notificacoes';
import { pushInscricoes } from '../../db/schema/notificacoes';
import { users } from '../../db/schema/users';
import { backgroundIdle } from '../../lib/background';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';
import { makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';
import { fakePushService } from '../../test/fake-push';
import { enviarMensagem } from '../chat-interno/mensagens-service';
import { memberIds } from '../chat-interno/access';

describe.each(DB_KINDS)('notifications and Web Push on %s', (kind) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof fakePushService>>;
  let s: Awaited<ReturnType<typeof setup>>;
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:teste@balcao.test' };

  async function setup() {
    const acc = await makeAccount(t.ctx.db);
    const comercial = await acc.addDepartamento('Comercial');
    const suporte = await acc.addDepartamento('Suporte');
    const carlos = await acc.addUser('atendente', { nome: 'Carlos Lima', departamentoId: comercial.id });
    const sofia = await acc.addUser('atendente', { nome: 'Sofia', departamentoId: suporte.id });
    const ana = await acc.addUser('admin', { nome: 'Ana' });
    const sessions = {
      carlos: await login(t.app, carlos.email),
      sofia: await login(t.app, sofia.email),
      ana: await login(t.app, ana.email),
    };
    for (const u of [carlos, sofia, ana]) await t.ctx.db.update(users).set({ online: true }).where(eq(users.id, u.id));
    const canal = await makeCanal(t, sessions.ana.auth, { departamentoPadraoId: comercial.id });
    run += 1;
    const browsers = {
      carlos: push.browser(`carlos-${kind}-${run}`),
      sofia: push.browser(`sofia-${kind}-${run}`),
      ana: push.browser(`ana-${kind}-${run}`),
    };
    for (const who of ['carlos', 'sofia', 'ana'] as const) {
      const r = await call('POST', '/backend/api/notificacoes/push', sessions[who].auth, { subscription: browsers[who] });
      expect(r.status).toBe(204);
    }
    return { acc, comercial, suporte, ids: { carlos: carlos.id, sofia: sofia.id, ana: ana.id }, ...sessions, canal, browsers };
  }
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app
      .inject({ method, url, headers, ...(payload ? { payload } : {}) })
      .then((r) => ({ status: r.statusCode, body: r.body ? r.json() : null }));
  let run = 0;
  const got = (who: 'carlos' | 'sofia' | 'ana') => push.para(`${who}-${kind}-${run}`);

  beforeAll(async () => {
    push = await fakePushService();
    t = await createTestApp(kind, { vapid });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });
  beforeEach(async () => {
    s = await setup();
  });

  it('publishes the VAPID public key', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/backend/api/public/config' });
    expect(r.json()).toMatchObject({ push: { vapidPublicKey: vapid.publicKey } });
  });

  it('pushes an encrypted, VAPID-signed notice of a new conversation to those who can take it, once a minute', async () => {
    const v = await makeVisitor(t, s.canal);
    await v.send('Quero saber o preço do plano anual');
    await backgroundIdle();
    expect(push.erros).toEqual([]);
    const [p] = got('carlos');
    expect(p?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(p?.headers.ttl)).toBeGreaterThan(0);
    expect(p?.vapid).toMatchObject({ aud: push.base, sub: 'mailto:teste@balcao.test' });
    expect(p?.vapid.exp).toBeGreaterThan(Date.now() / 1000);
    // Preview off by default: who, never what.
    expect(p?.payload).toMatchObject({
      evento: 'novaConversa',
      titulo: 'Novo atendimento',
      corpo: expect.stringMatching(/^De Visitante /),
      url: expect.stringMatching(/^\/atendimentos\?conversa=/),
    });
    expect(got('ana')).toHaveLength(1); // a supervisor sees every queue
    expect(got('sofia')).toHaveLength(0); // another department's queue
    await v.send('Alguém aí?');
    await backgroundIdle();
    expect(got('carlos')).toHaveLength(1);
  });

  it('tells the holder of a new message with the preview they allowed, a transfer to its new holder, never the Offline', async () => {
    const prefs = await call('PUT', '/backend/api/notificacoes/preferencias', s.carlos.auth, { mostrarPrevia: true });
    expect((prefs.body as TNotificacaoPreferencias).mostrarPrevia).toBe(true);
    const v = await makeVisitor(t, s.canal);
    await v.send('Olá');
    await backgroundIdle();
    const conversa = (got('carlos')[0]!.payload as { url: string }).url.split('=')[1]!;
    await t.ctx.rates.reset(`push:${s.ids.carlos}:atendimento:${conversa}`);
    expect((await call('POST', `/backend/api/atendimento/${conversa}/aceitar`, s.carlos.auth)).status).toBe(200);
    await v.send('Meu pedido é o 4512');
    await backgroundIdle();
    expect(got('carlos').at(-1)?.payload).toMatchObject({ evento: 'mensagem', corpo: expect.stringMatching(/: Meu pedido é o 4512$/) });

    expect(await call('POST', `/backend/usuario/UpdateUser/${s.ids.ana}`, s.ana.auth)).toMatchObject({ body: { online: false } });
    const r = await call('POST', `/backend/api/atendimento/${conversa}/transferir`, s.carlos.auth, { atendenteId: s.ids.sofia });
    expect(r.status).toBe(200);
    await backgroundIdle();
    expect(got('sofia').map((p) => p.payload)).toEqual([
      expect.objectContaining({ evento: 'transferencia', titulo: 'Atendimento transferido para você' }),
    ]);
    expect(got('carlos').filter((p) => (p.payload as { evento: string }).evento === 'transferencia')).toHaveLength(0);

    // Ana is Offline: a new conversation she would see reaches Carlos only.
    const antes = got('ana').length;
    await (await makeVisitor(t, s.canal)).send('Outra dúvida');
    await backgroundIdle();
    expect(got('ana')).toHaveLength(antes);
    expect(got('carlos').at(-1)?.payload).toMatchObject({ evento: 'novaConversa' });
  });

  it('honours preferences: push off, or the event off, sends nothing', async () => {
    expect((await call('PUT', '/backend/api/notificacoes/preferencias', s.carlos.auth, { push: false })).status).toBe(200);
    expect(
      (await call('PUT', '/backend/api/notificacoes/preferencias', s.ana.auth, { eventos: { novaConversa: false } })).body,
    ).toMatchObject({
      push: true,
      mostrarPrevia: false,
      eventos: { novaConversa: false, mensagem: true },
    });
    const v = await makeVisitor(t, s.canal);
    await v.send('Bom dia');
    await backgroundIdle();
    expect(got('carlos')).toHaveLength(0);
    expect(got('ana')).toHaveLength(0);
  });

  it('pushes internal chat messages and @mentions to the other members, not to the sender', async () => {
    const c = await call('POST', '/backend/api/chat-interno/conversa', s.ana.auth, {
      usuarios: [s.ids.carlos, s.ids.sofia],
      nome: 'Equipe',
    });
    expect(c.status).toBe(201);
    const conversaId = (c.body as { id: string }).id;
    const ana = { id: s.ids.ana, accountId: s.acc.account.id, role: 'admin' as const };
    const input = ZEnviarMensagemInput.parse({ conversaId, mensagem: { id: 'm-1', texto: '@carlos pode ver o pedido?' } });
    const { change } = await enviarMensagem(t.ctx.db, ana, input);
    expect(change?.receivers.sort()).toEqual((await memberIds(t.ctx.db, s.acc.account.id, conversaId)).sort());
    t.ctx.publish!.chatInterno(change!);
    await backgroundIdle();
    // A click opens that conversation in the internal chat's panel.
    const url = `/atendimentos?chat=${conversaId}`;
    expect(got('carlos').map((p) => p.payload)).toEqual([
      expect.objectContaining({ evento: 'mencao', titulo: 'Você foi mencionado', url, tag: `chat:${conversaId}` }),
    ]);
    expect(got('sofia').map((p) => p.payload)).toEqual([expect.objectContaining({ evento: 'chatInterno', corpo: 'De Ana', url })]);
    expect(got('ana')).toHaveLength(0);
  });

  it('removes a subscription the push service says is gone, and DELETE removes only its own', async () => {
    push.gone.add(`/push/carlos-${kind}-${run}`);
    const v = await makeVisitor(t, s.canal);
    await v.send('Oi');
    await backgroundIdle();
    const left = await t.ctx.db.select().from(pushInscricoes).where(eq(pushInscricoes.usuarioId, s.ids.carlos));
    expect(left).toHaveLength(0);
    push.gone.clear();

    expect((await call('DELETE', '/backend/api/notificacoes/push', s.sofia.auth, { subscription: s.browsers.ana })).status).toBe(204);
    expect(await t.ctx.db.select().from(pushInscricoes).where(eq(pushInscricoes.usuarioId, s.ids.ana))).toHaveLength(1);
    expect((await call('DELETE', '/backend/api/notificacoes/push', s.ana.auth, { subscription: s.browsers.ana })).status).toBe(204);
    expect(await t.ctx.db.select().from(pushInscricoes).where(eq(pushInscricoes.usuarioId, s.ids.ana))).toHaveLength(0);
  });

  it('refuses a malformed subscription in Portuguese, and unauthenticated calls', async () => {
    const bad = await call('POST', '/backend/api/notificacoes/push', s.carlos.auth, {
      subscription: { endpoint: 'ftp://x', keys: { p256dh: 'a', auth: 'b' } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Inscrição de notificação inválida.');
    expect((await call('GET', '/backend/api/notificacoes/preferencias', {})).status).toBe(401);
    expect((await call('GET', '/backend/api/notificacoes/preferencias', s.sofia.auth)).body).toMatchObject({
      som: true,
      push: true,
      mostrarPrevia: false,
    });
  });
});
