import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCanal } from '@balcao/shared/canais';
import {
  UPLOAD_BYTES_PER_VISITOR_PER_DAY,
  UPLOADS_PER_MINUTE_PER_IP,
  UPLOADS_PER_MINUTE_PER_VISITOR,
  type TWidgetSession,
  type TWidgetUpload,
} from '@balcao/shared/widget';
import { appWithLog } from '../../test/log-capture';
import { mensagens } from '../../db/schema/atendimentos';
import { widgetUploads } from '../../db/schema/widget-uploads';
import { cleanupWidgetUploads } from '../../jobs/widget-uploads';
import { AppError } from '../../lib/errors';
import { login, makeAccount } from '../../test/factories';
import { makeCanal, SITE } from '../../test/atendimentos-fixtures';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { visitorSend } from './send';
import { findCanalByToken, requireVisitante } from './service';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let seq = 0;
const clientId = () => `sec-${Date.now().toString(36)}-${(seq++).toString().padStart(4, '0')}`;

/** The status a failed call would answer (AppError), or 'ok'. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok' as const,
    (err: unknown) => (err instanceof AppError ? err.status : err),
  );

describe.each(DB_KINDS)('website widget input and uploads on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let canal: TCanal;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const acc = await makeAccount(t.ctx.db);
    admin = (await login(t.app, acc.master.email)).auth;
    canal = await makeCanal(t, admin);
  });
  afterAll(() => t.close());

  /** A visitor with a session, and its calls: upload (HTTP) and send (what the socket's EnviarMensagem runs). */
  async function visitor() {
    const res = await t.app.inject({
      method: 'POST',
      url: `/backend/api/public/widget/${canal.token}/sessao`,
      headers: { origin: SITE },
      payload: {},
    });
    const session = res.json() as TWidgetSession;
    const c = await findCanalByToken(t.ctx.db, canal.token);
    const v = await requireVisitante(t.ctx.db, c, session.visitante);
    const upload = async (name = 'foto.png') => {
      const form = new FormData();
      form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), name);
      const body = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: `/backend/api/public/widget/${canal.token}/upload`,
        headers: { origin: SITE, 'x-visitante-token': session.visitante, 'content-type': body.headers.get('content-type')! },
        payload: Buffer.from(await body.arrayBuffer()),
      });
    };
    const send = (input: unknown) => visitorSend(t.ctx, c, v, input);
    return { session, v, upload, send };
  }
  const atendimentoOf = async (messageId: string) =>
    (await t.ctx.db.select({ id: mensagens.atendimentoId }).from(mensagens).where(eq(mensagens.id, messageId)))[0]!.id;
  const staffMessages = (atendimentoId: string) =>
    t.app.inject({ method: 'GET', url: `/backend/api/atendimento/${atendimentoId}/mensagens`, headers: admin });

  it('a message names its file by upload id: a URL or file name from the client is refused, so is another visitor upload', async () => {
    const a = await visitor();
    const b = await visitor();
    await t.ctx.rates.reset('widget-upload-ip:127.0.0.1');
    const up = await a.upload('comprovante.png');
    expect(up.statusCode).toBe(200);
    const file = up.json() as TWidgetUpload;
    expect(file).toMatchObject({ mimeType: 'image/png', filename: 'comprovante.png', size: PNG_1X1.length });
    expect(file.url).toMatch(/^\/backend\/uploads\/widget\/[0-9a-f]{32}\.png$/);

    const forged = {
      clientId: clientId(),
      conteudo: 'anexo',
      midia: { url: '/backend/uploads/widget/../../api/auth/refresh', mimeType: 'image/png', filename: { a: 1 }, size: 'x' },
    };
    expect(await outcome(a.send(forged))).toBe(400);
    expect(await outcome(a.send({ clientId: clientId(), conteudo: '', uploadId: file.id, midia: { url: file.url } }))).toBe(400);
    expect(await outcome(b.send({ clientId: clientId(), conteudo: '', uploadId: file.id }))).toBe(400);
    expect(await outcome(a.send({ clientId: clientId(), conteudo: 'x', uploadId: 'nao-e-um-id' }))).toBe(400);
    expect(await outcome(a.send({ clientId: 'curto', conteudo: 'oi' }))).toBe(400);
    expect(await outcome(a.send(null))).toBe(400);

    const sent = await a.send({ clientId: clientId(), conteudo: '', uploadId: file.id });
    expect(sent.midia).toEqual({ url: file.url, mimeType: 'image/png', filename: 'comprovante.png', size: PNG_1X1.length });
    expect(sent.tipo).toBe('image');
    const list = await staffMessages(await atendimentoOf(sent.id));
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('../');
    expect(list.json().mensagens.at(-1).midia).toEqual(sent.midia);
  });

  it('a conversation whose stored media or location is malformed still lists, that message without it', async () => {
    const a = await visitor();
    const good = await a.send({ clientId: clientId(), conteudo: 'primeira' });
    const bad = await a.send({ clientId: clientId(), conteudo: 'segunda' });
    await t.ctx.db
      .update(mensagens)
      .set({ midia: sql`'{"url":"/backend/uploads/widget/../../api/x","mimeType":"image/png","filename":{"a":1},"size":"x"}'::jsonb` })
      .where(eq(mensagens.id, bad.id));
    await t.ctx.db
      .update(mensagens)
      .set({
        localizacao: sql`'{"latitude":"norte"}'::jsonb`,
        midia: sql`'{"url":"/backend/uploads/widget/../../x","mimeType":"image/png","filename":"a","size":1}'::jsonb`,
      })
      .where(eq(mensagens.id, good.id));
    const list = await staffMessages(await atendimentoOf(bad.id));
    expect(list.statusCode).toBe(200);
    const byId = new Map(list.json().mensagens.map((m: { id: string }) => [m.id, m]));
    expect(byId.get(bad.id)).toMatchObject({ conteudo: 'segunda', midia: null });
    expect(byId.get(good.id)).toMatchObject({ conteudo: 'primeira', midia: null, localizacao: null });
    const conversas = await t.app.inject({ method: 'GET', url: '/backend/api/atendimento/conversas?status=aguardando', headers: admin });
    expect(conversas.statusCode).toBe(200);
    const widgetSide = await t.app.inject({
      method: 'GET',
      url: `/backend/api/public/widget/${canal.token}/mensagens`,
      headers: { origin: SITE, 'x-visitante-token': a.session.visitante },
    });
    expect(widgetSide.statusCode).toBe(200);
    expect(widgetSide.body).not.toContain('../');
  });

  it('limits uploads per visitor and per IP (429), and a visitor bytes per day', async () => {
    await t.ctx.rates.reset('widget-upload-ip:127.0.0.1');
    const a = await visitor();
    const codes: number[] = [];
    for (let i = 0; i <= UPLOADS_PER_MINUTE_PER_VISITOR; i++) codes.push((await a.upload()).statusCode);
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await a.upload()).json().message).toBe('Você está enviando arquivos rápido demais. Aguarde um minuto.');

    // Other visitors from the same address: the IP's own limit.
    await t.ctx.rates.reset('widget-upload-ip:127.0.0.1');
    let accepted = 0;
    let last = 200;
    while (last === 200) {
      const other = await visitor();
      for (let i = 0; i < UPLOADS_PER_MINUTE_PER_VISITOR && last === 200; i++) {
        last = (await other.upload()).statusCode;
        if (last === 200) accepted++;
      }
    }
    expect(last).toBe(429);
    expect(accepted).toBe(UPLOADS_PER_MINUTE_PER_IP);

    // A visitor who already sent nearly the day's bytes (recorded earlier today) cannot send one more file.
    await t.ctx.rates.reset('widget-upload-ip:127.0.0.1');
    const c = await visitor();
    await t.ctx.db.insert(widgetUploads).values({
      accountId: (await findCanalByToken(t.ctx.db, canal.token)).accountId,
      canalId: c.v.canalId,
      visitanteId: c.v.id,
      url: '/backend/uploads/widget/antigo.png',
      nome: 'antigo.png',
      mimeType: 'image/png',
      tamanho: UPLOAD_BYTES_PER_VISITOR_PER_DAY - 10,
    });
    const over = await c.upload();
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Você atingiu o limite de arquivos enviados hoje. Tente novamente amanhã.');
  });

  it('deletes uploads no message used after the grace period, keeps used ones; two runs at once remove each file once', async () => {
    await t.ctx.rates.reset('widget-upload-ip:127.0.0.1');
    const a = await visitor();
    const used = (await a.upload('usado.png')).json() as TWidgetUpload;
    const unused = (await a.upload('esquecido.png')).json() as TWidgetUpload;
    const fresh = (await a.upload('recente.png')).json() as TWidgetUpload;
    await a.send({ clientId: clientId(), conteudo: '', uploadId: used.id });
    const onDisk = (u: TWidgetUpload) => existsSync(path.join(t.uploadsDir, 'widget', path.basename(u.url)));
    expect([used, unused, fresh].every(onDisk)).toBe(true);
    await t.ctx.db
      .update(widgetUploads)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(sql`${widgetUploads.id} in (${used.id}, ${unused.id})`);

    const removed = await Promise.all([cleanupWidgetUploads(t.ctx.db, t.ctx.storage), cleanupWidgetUploads(t.ctx.db, t.ctx.storage)]);
    expect(removed[0] + removed[1]).toBe(1);
    expect(onDisk(unused)).toBe(false);
    expect(onDisk(used)).toBe(true);
    expect(onDisk(fresh)).toBe(true);
    expect(await outcome(a.send({ clientId: clientId(), conteudo: '', uploadId: unused.id }))).toBe(400);
    // The used file is still served (the staff and the visitor see it).
    expect((await t.app.inject({ method: 'GET', url: used.url })).statusCode).toBe(200);
  });

  it('takes the visitor token from the X-Visitante-Token header only, and never writes it to the log', async () => {
    const { app: logged, log: read } = await appWithLog(t);
    try {
      const a = await visitor();
      const token = a.session.visitante;
      const ok = await logged.inject({
        method: 'GET',
        url: `/backend/api/public/widget/${canal.token}/mensagens`,
        headers: { origin: SITE, 'x-visitante-token': token, authorization: 'Bearer segredo-do-cabecalho' },
      });
      expect(ok.statusCode).toBe(200);
      // An old widget still sending it in the query string: refused (400, it keeps its token), and masked in the log.
      const old = await logged.inject({
        method: 'GET',
        url: `/backend/api/public/widget/${canal.token}/mensagens?visitante=${token}`,
        headers: { origin: SITE },
      });
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe('Envie o token do visitante no cabeçalho X-Visitante-Token.');
      await logged.inject({ method: 'GET', url: '/resetar-senha?token=token-de-redefinicao-secreto' });
      logged.log.info(
        { req: { headers: { 'x-visitante-token': token, authorization: 'Bearer segredo-do-cabecalho', cookie: 'balcao_refresh=abc' } } },
        'cabeçalhos',
      );
      const log = read();
      expect(log).toContain(`/backend/api/public/widget/${canal.token}/mensagens`);
      expect(log).toContain('visitante=[redacted]');
      expect(log).not.toContain(token);
      expect(log).not.toContain('token-de-redefinicao-secreto');
      expect(log).not.toContain('segredo-do-cabecalho');
      expect(log).not.toContain('balcao_refresh=abc');
    } finally {
      await logged.close();
    }
  });
});
