import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MENSAGENS_RAPIDAS_TEXTS as T,
  ZMensagemRapida,
  ZMensagemRapidaFiltro,
  ZMensagemRapidaInput,
  ZMensagemRapidaPagina,
} from '@balcao/shared/mensagens-rapidas';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { authorize } from './policy';
import { deleteRapida, importRapida, listAll, listOwn, listPublicas, saveRapida } from './service';

const ZId = z.object({ id: z.uuid({ error: T.naoEncontrada }) });
/** Not given by the spec for quick messages: the scheduled messages' defaults (page 1, 10 a page). */
const ZPaging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  take: z.coerce.number().int().min(1).max(100).default(10),
});

/** Quick messages are for those at the customer chat: master, admin and atendente. */
const requireChatUser = (req: FastifyRequest) => authorize(requireUser(req), 'usar');

/** Spec part 2 §7 "Quick messages" (paths as the spec gives them) and a save call of ours. */
export const mensagensRapidasRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    '/mensagemrapida/list',
    { schema: { querystring: ZPaging, body: ZMensagemRapidaFiltro, response: { 200: ZMensagemRapidaPagina } } },
    async (req) => listOwn(db, requireChatUser(req), req.body?.pesquisa, req.query.page, req.query.take),
  );

  app.post(
    '/mensagemrapida/publicas',
    { schema: { querystring: ZPaging, body: ZMensagemRapidaFiltro, response: { 200: ZMensagemRapidaPagina } } },
    async (req) => listPublicas(db, requireChatUser(req), req.body?.pesquisa, req.query.page, req.query.take),
  );

  app.get('/mensagemrapida/all', { schema: { response: { 200: z.array(ZMensagemRapida) } } }, async (req) =>
    listAll(db, requireChatUser(req)),
  );

  app.post(
    '/mensagemrapida/save',
    { schema: { body: ZMensagemRapidaInput, response: { 200: ZMensagemRapida, 201: ZMensagemRapida } } },
    async (req, reply) => {
      const r = await saveRapida(db, requireChatUser(req), req.body);
      return reply.code(r.created ? 201 : 200).send(r.item);
    },
  );

  app.delete('/mensagemrapida/delete/:id', { schema: { params: ZId } }, async (req, reply) => {
    await deleteRapida(db, requireChatUser(req), req.params.id);
    return reply.code(204).send();
  });

  app.post('/mensagemrapida/import/:id', { schema: { params: ZId, response: { 201: ZMensagemRapida } } }, async (req, reply) => {
    const item = await importRapida(db, requireChatUser(req), req.params.id);
    return reply.code(201).send(item);
  });
};
