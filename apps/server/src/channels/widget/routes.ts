import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANEXO_MAX_BYTES } from '@balcao/shared/atendimentos';
import {
  UPLOADS_PER_MINUTE_PER_IP,
  UPLOADS_PER_MINUTE_PER_VISITOR,
  VISITOR_TOKEN_HEADER,
  WIDGET_TEXTS,
  ZVisitanteToken,
  ZWidgetMensagensQuery,
  ZWidgetSessionInput,
} from '@balcao/shared/widget';
import { ZBuscaQuery, ZVotoInput } from '@balcao/shared/documentacao';
import type { AppContext } from '../../context';
import { ipKey } from '../../lib/client-ip';
import { BadRequest, Forbidden, TooManyRequests } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import { ratingLink } from '../../modules/avaliacao/link';
import { votar } from '../../modules/documentacao/service';
import { ANEXO_RULES } from '../../modules/atendimentos/anexos';
import { readCheckedFile, storeUpload } from '../../lib/uploads';
import {
  accountDepartamentos,
  findCanalByToken,
  originAllowed,
  requireVisitante,
  sessionView,
  startSession,
  visitorMessages,
  widgetConfig,
  type WidgetCanal,
} from './service';
import { artigoDaAjuda, buscarNaAjuda, centralDoCanal } from './ajuda';
import { checkDailyBytes, recordUpload, WIDGET_UPLOAD_KIND } from './uploads';
import type { LogSecrets } from '../../lib/log-redaction';

/** The visitor's token: its header, and the query parameter an old widget still sends (refused): never logged. */
export const WIDGET_LOG_SECRETS: LogSecrets = { params: ['visitante'], headers: ['x-visitante-token'] };

const ZToken = z.object({ token: z.string().min(8).max(100) });
const ownOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
/** The visitor token of an HTTP call: the X-Visitante-Token header only (a URL would end up in logs). */
const visitorToken = (req: FastifyRequest) => {
  const parsed = ZVisitanteToken.safeParse(req.headers[VISITOR_TOKEN_HEADER]);
  if (!parsed.success) throw new BadRequest(WIDGET_TEXTS.semToken);
  return parsed.data;
};
const UPLOAD_WINDOW_S = 60;
const REFERER_INVALIDO = 'O cabeçalho Referer é inválido.';
/** The Referer's origin; one that is not a URL (`::bad`) is the client's mistake, a 400, never a 500. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  if (!URL.canParse(referer)) throw new BadRequest(REFERER_INVALIDO, { referer: [REFERER_INVALIDO] });
  return new URL(referer).origin;
}
/** The website visitor's HTTP calls. Each checks the channel's allowed origins and answers CORS for them. */
export const widgetPublicRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  // The rating link with its token, for this visitor only (modules/avaliacao/link).
  const avaliacao = (canal: WidgetCanal) => (id: string) => ratingLink(publicOrigin(ctx), ctx.tokens, canal.databaseName, id);

  /** The channel, if this page's origin may use it; sets the CORS answer for that origin. */
  async function guard(req: FastifyRequest, reply: FastifyReply, token: string) {
    const canal = await findCanalByToken(db, token);
    const origin = req.headers.origin;
    // A same-origin GET (our popout) sends no Origin header; the Referer's origin stands in for it.
    const effective = origin ?? refererOrigin(req.headers.referer);
    // The answer is readable by the page either way, so a refused site can show why (it carries no data).
    if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'origin');
    if (!originAllowed(canal, effective, ownOrigin(req))) throw new Forbidden(WIDGET_TEXTS.origemNaoPermitida);
    return canal;
  }

  app.options('/api/public/widget/*', async (req, reply) => {
    const origin = req.headers.origin;
    if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'origin');
    return reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', `content-type, ${VISITOR_TOKEN_HEADER}`)
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  });

  /** Our own pages (the popout) also learn the channel's sites: only their window may hand it a visitor. */
  const isOwnPage = (req: FastifyRequest) => (req.headers.origin ?? refererOrigin(req.headers.referer)) === ownOrigin(req);

  app.get('/api/public/widget/:token/config', { schema: { params: ZToken } }, async (req, reply) => {
    const canal = await guard(req, reply, req.params.token);
    const [deps, central] = await Promise.all([accountDepartamentos(db, canal.accountId), centralDoCanal(db, canal)]);
    return widgetConfig(canal, deps, isOwnPage(req), central);
  });

  app.post('/api/public/widget/:token/sessao', { schema: { params: ZToken, body: ZWidgetSessionInput } }, async (req, reply) => {
    const canal = await guard(req, reply, req.params.token);
    if ((await ctx.rates.hit(`widget-session:${ipKey(req.ip)}`, 60)) > ctx.widgetLimits.sessionsPerMinute)
      throw new TooManyRequests(WIDGET_TEXTS.muitasSessoes);
    const { visitante, token } = await startSession(db, ctx.cipher, canal, req.body);
    return sessionView(db, canal, visitante, token, avaliacao(canal), isOwnPage(req));
  });

  app.get('/api/public/widget/:token/mensagens', { schema: { params: ZToken, querystring: ZWidgetMensagensQuery } }, async (req, reply) => {
    const canal = await guard(req, reply, req.params.token);
    const v = await requireVisitante(db, canal, visitorToken(req));
    const before = req.query.antesDe ? Number(req.query.antesDe) : null;
    const page = await visitorMessages(db, canal, v, before);
    return { mensagens: page.mensagens, hasMore: page.hasMore, cursor: page.cursor };
  });

  /**
   * One file: limited per visitor and per IP before its bytes are read, then by the visitor's daily byte cap;
   * recorded so that a message can only name (by id) a file this visitor uploaded.
   */
  app.post('/api/public/widget/:token/upload', { schema: { params: ZToken } }, async (req, reply) => {
    const canal = await guard(req, reply, req.params.token);
    const v = await requireVisitante(db, canal, visitorToken(req));
    const [perVisitor, perIp] = await Promise.all([
      ctx.rates.hit(`widget-upload:${v.id}`, UPLOAD_WINDOW_S),
      ctx.rates.hit(`widget-upload-ip:${ipKey(req.ip)}`, UPLOAD_WINDOW_S),
    ]);
    if (perVisitor > UPLOADS_PER_MINUTE_PER_VISITOR || perIp > UPLOADS_PER_MINUTE_PER_IP)
      throw new TooManyRequests(WIDGET_TEXTS.muitosArquivos);
    await checkDailyBytes(db, v.id, 1);
    if (!req.isMultipart()) throw new BadRequest('Envie o arquivo no campo "file" (multipart/form-data).');
    const checked = await readCheckedFile(await req.file({ limits: { fileSize: ANEXO_MAX_BYTES, files: 1 } }), ANEXO_RULES);
    await checkDailyBytes(db, v.id, checked.buffer.length);
    const url = await storeUpload(ctx.storage, WIDGET_UPLOAD_KIND, checked.buffer, checked.ext);
    return recordUpload(db, canal, v, { url, nome: checked.filename, mimeType: checked.mime, tamanho: checked.buffer.length });
  });

  // The linked help centre: searched, read and rated inside the widget before a conversation starts.
  const ZArtigo = ZToken.extend({ id: z.uuid({ error: 'Documento não encontrado.' }) });
  app.get(
    '/api/public/widget/:token/ajuda/busca',
    { schema: { params: ZToken, querystring: ZBuscaQuery.pick({ q: true }) } },
    async (req, reply) => buscarNaAjuda(db, await guard(req, reply, req.params.token), req.query.q),
  );
  app.get('/api/public/widget/:token/ajuda/documentos/:id', { schema: { params: ZArtigo } }, async (req, reply) =>
    artigoDaAjuda(db, await guard(req, reply, req.params.token), req.params.id, publicOrigin(ctx)),
  );
  app.post(
    '/api/public/widget/:token/ajuda/documentos/:id/ajudou',
    { schema: { params: ZArtigo, body: ZVotoInput } },
    async (req, reply) => {
      const canal = await guard(req, reply, req.params.token);
      if ((await ctx.rates.hit(`widget-ajudou:${ipKey(req.ip)}`, 60)) > ctx.widgetLimits.sessionsPerMinute)
        throw new TooManyRequests(WIDGET_TEXTS.muitasAcoes);
      const doc = await artigoDaAjuda(db, canal, req.params.id, publicOrigin(ctx), false);
      await votar(db, doc.id, req.body.util);
      return reply.code(204).send();
    },
  );
};
