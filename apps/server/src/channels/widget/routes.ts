import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANEXO_MAX_BYTES, ANEXO_MIME_TYPES, ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import { WIDGET_TEXTS, ZWidgetSessionInput } from '@balcao/shared/widget';
import type { AppContext } from '../../context';
import { BadRequest, Forbidden, TooManyRequests } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
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
import { WIDGET_UPLOAD_KIND } from './send';

const ZToken = z.object({ token: z.string().min(8).max(100) });
const ownOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
const REFERER_INVALIDO = 'O cabeçalho Referer é inválido.';
/** The Referer's origin; one that is not a URL (`::bad`) is the client's mistake, a 400, never a 500. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  if (!URL.canParse(referer)) throw new BadRequest(REFERER_INVALIDO, { referer: [REFERER_INVALIDO] });
  return new URL(referer).origin;
}
const ANEXO_RULES = {
  maxBytes: ANEXO_MAX_BYTES,
  mimeTypes: ANEXO_MIME_TYPES,
  tooLarge: ATENDIMENTO_TEXTS.anexoTamanho,
  wrongType: ATENDIMENTO_TEXTS.anexoTipo,
};

/** The website visitor's HTTP calls. Each checks the channel's allowed origins and answers CORS for them. */
export const widgetPublicRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const avaliacao = (canal: WidgetCanal) => (id: string) => `${publicOrigin(ctx)}/avaliar/${canal.databaseName}/${id}`;

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
      .header('access-control-allow-headers', 'content-type, x-visitante')
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  });

  app.get('/api/public/widget/:token/config', { schema: { params: ZToken } }, async (req, reply) => {
    const canal = await guard(req, reply, req.params.token);
    return widgetConfig(canal, await accountDepartamentos(db, canal.accountId));
  });

  app.post('/api/public/widget/:token/sessao', { schema: { params: ZToken, body: ZWidgetSessionInput } }, async (req, reply) => {
    const canal = await guard(req, reply, req.params.token);
    if ((await ctx.rates.hit(`widget-session:${req.ip}`, 60)) > ctx.widgetLimits.sessionsPerMinute)
      throw new TooManyRequests(WIDGET_TEXTS.muitasSessoes);
    const { visitante, token } = await startSession(db, ctx.cipher, canal, req.body);
    return sessionView(db, canal, visitante, token, avaliacao(canal));
  });

  app.get(
    '/api/public/widget/:token/mensagens',
    { schema: { params: ZToken, querystring: z.object({ visitante: z.string().max(200), antesDe: z.string().max(30).optional() }) } },
    async (req, reply) => {
      const canal = await guard(req, reply, req.params.token);
      const v = await requireVisitante(db, canal, req.query.visitante);
      const before = req.query.antesDe ? Number(req.query.antesDe) : null;
      if (before !== null && !Number.isSafeInteger(before)) throw new BadRequest('Cursor inválido.');
      const page = await visitorMessages(db, canal, v, before);
      return { mensagens: page.mensagens, hasMore: page.hasMore, cursor: page.cursor };
    },
  );

  app.post('/api/public/widget/:token/upload', { schema: { params: ZToken } }, async (req, reply) => {
    const canal = await guard(req, reply, req.params.token);
    const header = req.headers['x-visitante'];
    await requireVisitante(db, canal, typeof header === 'string' ? header : null);
    if (!req.isMultipart()) throw new BadRequest('Envie o arquivo no campo "file" (multipart/form-data).');
    const checked = await readCheckedFile(await req.file({ limits: { fileSize: ANEXO_MAX_BYTES, files: 1 } }), ANEXO_RULES);
    const url = await storeUpload(ctx.uploadsDir, WIDGET_UPLOAD_KIND, checked.buffer, checked.ext);
    return { url, mimeType: checked.mime, filename: checked.filename, size: checked.buffer.length };
  });
};
