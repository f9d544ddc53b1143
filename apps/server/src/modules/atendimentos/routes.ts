import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ANEXO_MAX_BYTES,
  ATENDIMENTO_TEXTS,
  ZAtendenteOnline,
  ZAtendimento,
  ZConversasPage,
  ZConversasQuery,
  ZEditarMensagem,
  ZEnviarMensagem,
  ZMensagem,
  ZMensagensPage,
  ZMensagensQuery,
  ZMidia,
  ZTransferir,
  tipoFromMime,
} from '@balcao/shared/atendimentos';
import { atendimentoEvents, type AppContext } from '../../context';
import { CAPACIDADES_CANAL, ZCapacidadesPorCanal } from '@balcao/shared/canais';
import { asCanal, canais } from '../../db/schema/atendimentos';
import { ZModeloWhatsApp } from '@balcao/shared/mensagens-agendadas';
import { BadRequest, NotFound } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import { ratingLink } from '../avaliacao/link';
import { requireUser } from '../../lib/session';
import { readCheckedFile, storeUpload } from '../../lib/uploads';
import { ANEXO_RULES, anexoParaCanal, anexosKind } from './anexos';
import { changeMensagem } from './alteracao';
import { conversasPage } from './conversas';
import { listAtendentes } from './atendentes';
import { assertCanSee, requireStaff } from './policy';
import { presentAtendimento, presentMensagem } from './presenter';
import { broadcastChange, broadcastNewMessage } from './publisher';
import { findAtendimento, mensagensPage } from './queries';
import { sendFromAtendente } from './resposta';
import { accept, finish, markRead, resend, transfer } from './service';

const ZId = z.object({ id: z.uuid({ error: ATENDIMENTO_TEXTS.naoEncontrado }) });
const ZUploadQuery = z.object({ atendimentoId: z.uuid({ error: ATENDIMENTO_TEXTS.naoEncontrado }).optional() });
const ZMensagemId = ZId.extend({ mensagemId: z.uuid({ error: 'Mensagem não encontrada.' }) });
/** `${ultimaMensagemEm ISO}|${id}`: a stable cursor for the list ordered by latest activity. */
const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(iso ?? '');
  if (Number.isNaN(at.getTime()) || !id || !z.uuid().safeParse(id).success) throw new BadRequest('Cursor inválido.');
  return { at, id };
}

/** The customer's rating link (with its token): for the customer's widget only, never stored or shown to staff. */
const ratingUrl = (ctx: AppContext, databaseName: string) => (id: string) => ratingLink(publicOrigin(ctx), ctx.tokens, databaseName, id);

/** The attendants' HTTP calls for customer conversations (their reference: /backend/docs). */
export const atendimentosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const events = () => atendimentoEvents(ctx);
  const staffOf = (req: FastifyRequest) => requireStaff(db, requireUser(req));

  app.get('/api/atendimento/conversas', { schema: { querystring: ZConversasQuery, response: { 200: ZConversasPage } } }, async (req) => {
    const staff = await staffOf(req);
    const q = req.query;
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    const { rows, contagens } = await conversasPage(db, staff, q, after);
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      itens: page.map(presentAtendimento),
      proximoCursor: rows.length > q.limit && last ? encodeCursor(last.a.ultimaMensagemEm, last.a.id) : null,
      contagens,
    };
  });

  app.get('/api/atendimento/:id', { schema: { params: ZId, response: { 200: ZAtendimento } } }, async (req) => {
    const staff = await staffOf(req);
    const joined = await findAtendimento(db, staff.accountId, req.params.id);
    if (!joined) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
    const row = presentAtendimento(joined);
    assertCanSee(staff, row);
    return row;
  });

  // The approved templates of the conversation's channel, to write once the reply window closed (none where
  // the channel has no templates); Meta unreachable answers 502 with its reason.
  app.get('/api/atendimento/:id/modelos', { schema: { params: ZId, response: { 200: z.array(ZModeloWhatsApp) } } }, async (req) => {
    const staff = await staffOf(req);
    const joined = await findAtendimento(db, staff.accountId, req.params.id);
    if (!joined) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
    assertCanSee(staff, presentAtendimento(joined));
    const driver = ctx.channels?.get(joined.canalTipo);
    if (!driver?.capabilities.modelos || !driver.templates) return [];
    const [canal] = await db.select().from(canais).where(eq(canais.id, joined.a.canalId)).limit(1);
    return canal ? driver.templates(asCanal(canal)) : [];
  });

  app.get(
    '/api/atendimento/:id/mensagens',
    { schema: { params: ZId, querystring: ZMensagensQuery, response: { 200: ZMensagensPage } } },
    async (req) => {
      const staff = await staffOf(req);
      const joined = await findAtendimento(db, staff.accountId, req.params.id);
      if (!joined) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
      assertCanSee(staff, presentAtendimento(joined));
      const before = req.query.antesDe ? Number(req.query.antesDe) : null;
      if (before !== null && !Number.isSafeInteger(before)) throw new BadRequest('Cursor inválido.');
      const { rows, hasMore } = await mensagensPage(db, req.params.id, before, req.query.limit);
      return { mensagens: rows.map(presentMensagem), hasMore, cursor: hasMore && rows[0] ? String(rows[0].m.seq) : null };
    },
  );

  app.post(
    '/api/atendimento/:id/mensagens',
    { schema: { params: ZId, body: ZEnviarMensagem, response: { 200: ZMensagem, 201: ZMensagem } } },
    async (req, reply) => {
      const staff = await staffOf(req);
      if (req.body.atendimentoId !== req.params.id) throw new BadRequest(ATENDIMENTO_TEXTS.naoEncontrado);
      const r = await sendFromAtendente(db, staff, req.body);
      broadcastNewMessage(events(), staff.accountId, r, { toVisitor: true });
      return reply.code(r.duplicate ? 200 : 201).send(r.mensagens[0]!);
    },
  );

  /** 'Reenviar' on a failed send: the same message goes back to the channel's queue. */
  app.post(
    '/api/atendimento/:id/mensagens/:mensagemId/reenviar',
    { schema: { params: ZMensagemId, response: { 200: ZMensagem } } },
    async (req) => {
      const staff = await staffOf(req);
      const r = await resend(db, staff, req.params.id, req.params.mensagemId);
      events().messages(staff.accountId, r.row, r.mensagens, r.masterId, { toVisitor: true, toStaff: false });
      events().status(staff.accountId, r.row, {
        atendimentoId: r.row.atendimentoId,
        messageId: r.mensagens[0]!.id,
        clientId: r.mensagens[0]!.clientId,
        status: 'pending',
      });
      return r.mensagens[0]!;
    },
  );

  /** Edit (PUT, the new text) or delete for everyone (DELETE) one's own sent message, where the channel has edits. */
  const change = async (req: FastifyRequest & { params: z.infer<typeof ZMensagemId> }, conteudo: string | null) => {
    const staff = await staffOf(req);
    const r = await changeMensagem(db, staff, req.params.id, req.params.mensagemId, conteudo);
    events().messages(staff.accountId, r.row, r.mensagens, r.masterId, { toVisitor: false });
    ctx.channels?.deliver(staff.accountId, r.row, []);
    return r.mensagens[0]!;
  };
  app.put(
    '/api/atendimento/:id/mensagens/:mensagemId',
    { schema: { params: ZMensagemId, body: ZEditarMensagem, response: { 200: ZMensagem } } },
    async (req) => change(req, req.body.conteudo),
  );
  app.delete('/api/atendimento/:id/mensagens/:mensagemId', { schema: { params: ZMensagemId, response: { 200: ZMensagem } } }, async (req) =>
    change(req, null),
  );

  /** What each of the account's channels can carry (removed ones too: their conversations stay), for the inbox's actions. */
  app.get('/api/atendimento/capacidades', { schema: { response: { 200: ZCapacidadesPorCanal } } }, async (req) => {
    const staff = await staffOf(req);
    const rows = await db.select({ id: canais.id, tipo: canais.tipo }).from(canais).where(eq(canais.accountId, staff.accountId));
    return Object.fromEntries(rows.map((c) => [c.id, CAPACIDADES_CANAL[c.tipo]]));
  });

  app.post('/api/atendimento/:id/aceitar', { schema: { params: ZId, response: { 200: ZAtendimento } } }, async (req) => {
    const staff = await staffOf(req);
    const r = await accept(db, staff, req.params.id);
    broadcastChange(events(), staff.accountId, r, null);
    return r.row;
  });

  app.post(
    '/api/atendimento/:id/transferir',
    { schema: { params: ZId, body: ZTransferir, response: { 200: ZAtendimento } } },
    async (req) => {
      const staff = await staffOf(req);
      const r = await transfer(db, staff, req.params.id, req.body);
      broadcastChange(events(), staff.accountId, r, null);
      return r.row;
    },
  );

  app.post('/api/atendimento/:id/finalizar', { schema: { params: ZId, response: { 200: ZAtendimento } } }, async (req) => {
    const staff = await staffOf(req);
    const databaseName = (await findAtendimento(db, staff.accountId, req.params.id))?.databaseName ?? '';
    const url = ratingUrl(ctx, databaseName);
    const r = await finish(db, staff, req.params.id);
    broadcastChange(events(), staff.accountId, r, url(r.row.atendimentoId));
    return r.row;
  });

  app.post('/api/atendimento/:id/lidas', { schema: { params: ZId } }, async (req, reply) => {
    const staff = await staffOf(req);
    const row = await markRead(db, staff, req.params.id);
    events().row(staff.accountId, row);
    // WhatsApp Web's blue ticks: not awaited (the socket may be slow), never an error for the attendant.
    void ctx.channels?.read(row).catch((err) => req.log.warn({ err }, 'confirmação de leitura no canal'));
    return reply.code(204).send();
  });

  /** With the conversation it is for (`atendimentoId`), the file is checked and converted for its channel now. */
  app.post(
    '/api/atendimento/upload',
    { schema: { querystring: ZUploadQuery, response: { 200: ZMidia.extend({ tipo: z.string() }) } } },
    async (req) => {
      const staff = await staffOf(req);
      if (!req.isMultipart()) throw new BadRequest('Envie o arquivo no campo "file" (multipart/form-data).');
      const file = await req.file({ limits: { fileSize: ANEXO_MAX_BYTES, files: 1 } });
      const checked = await readCheckedFile(file, ANEXO_RULES);
      const ready = req.query.atendimentoId ? await anexoParaCanal(ctx, staff, req.query.atendimentoId, checked) : checked;
      const url = await storeUpload(ctx.storage, anexosKind(staff.accountId), ready.buffer, ready.ext);
      return { url, mimeType: ready.mime, filename: ready.filename, size: ready.buffer.length, tipo: tipoFromMime(ready.mime) };
    },
  );

  app.get('/api/atendimento/atendentes', { schema: { response: { 200: z.array(ZAtendenteOnline) } } }, async (req) => {
    const staff = await staffOf(req);
    return listAtendentes(db, staff.accountId);
  });
};
