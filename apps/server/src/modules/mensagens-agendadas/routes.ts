import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  AGENDADAS_PAGE_DEFAULT,
  AGENDADAS_TAKE_DEFAULT,
  MENSAGENS_AGENDADAS_TEXTS as T,
  ZAtivarInput,
  ZAtivarResposta,
  ZCanalAgendavel,
  ZMensagemAgendada,
  ZMensagemAgendadaFiltro,
  ZMensagemAgendadaInput,
  ZMensagemAgendadaPagina,
  ZModeloWhatsApp,
} from '@balcao/shared/mensagens-agendadas';
import type { AppContext } from '../../context';
import { asCanal, canais } from '../../db/schema/atendimentos';
import { NotFound } from '../../lib/errors';
import { requireUser } from '../../lib/session';
import type { FastifyRequest } from 'fastify';
import { authorize } from './policy';
import { ativarAgendada, canaisAgendaveis, deleteAgendada, getAgendada, listAgendadas, saveAgendada } from './service';

const ZId = z.object({ id: z.uuid({ error: T.naoEncontrada }) });
const ZPaging = z.object({
  page: z.coerce.number().int().min(1).default(AGENDADAS_PAGE_DEFAULT),
  take: z.coerce.number().int().min(1).max(100).default(AGENDADAS_TAKE_DEFAULT),
});

/** The caller, if the policy lets them manage scheduled messages (master and admin). */
const requireSupervisor = (req: FastifyRequest) => authorize(requireUser(req), 'gerir');

/** Spec part 2 §7 "Scheduled messages" (paths as the spec gives them) and the WhatsApp templates to choose from. */
export const mensagensAgendadasRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    '/mensagemagendada/list',
    { schema: { querystring: ZPaging, body: ZMensagemAgendadaFiltro, response: { 200: ZMensagemAgendadaPagina } } },
    async (req) => {
      const user = requireSupervisor(req);
      return listAgendadas(db, user.accountId, req.body, req.query.page, req.query.take);
    },
  );

  app.get('/mensagemagendada/get/:id', { schema: { params: ZId, response: { 200: ZMensagemAgendada } } }, async (req) => {
    const user = requireSupervisor(req);
    return getAgendada(db, user.accountId, req.params.id);
  });

  app.post('/mensagemagendada/save', { schema: { body: ZMensagemAgendadaInput, response: { 200: ZMensagemAgendada } } }, async (req) => {
    const user = requireSupervisor(req);
    return saveAgendada(db, user, req.body);
  });

  app.delete('/mensagemagendada/delete/:id', { schema: { params: ZId } }, async (req, reply) => {
    const user = requireSupervisor(req);
    await deleteAgendada(db, user.accountId, req.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/mensagemagendada/ativar/:id',
    { schema: { params: ZId, body: ZAtivarInput, response: { 200: ZAtivarResposta } } },
    async (req) => {
      const user = requireSupervisor(req);
      return ativarAgendada(db, user.accountId, req.params.id, req.body.ativo);
    },
  );

  app.get('/mensagemagendada/canais', { schema: { response: { 200: z.array(ZCanalAgendavel) } } }, async (req) => {
    const user = requireSupervisor(req);
    return canaisAgendaveis(db, user.accountId);
  });

  app.get(
    '/mensagemagendada/modelos/:canalId',
    { schema: { params: z.object({ canalId: z.uuid({ error: T.canalNaoEncontrado }) }), response: { 200: z.array(ZModeloWhatsApp) } } },
    async (req) => {
      const user = requireSupervisor(req);
      const [row] = await db
        .select()
        .from(canais)
        .where(and(eq(canais.id, req.params.canalId), eq(canais.accountId, user.accountId), isNull(canais.removidoEm)))
        .limit(1);
      const canal = row ? asCanal(row) : null;
      if (!canal) throw new NotFound(T.canalNaoEncontrado);
      // A channel without templates (WhatsApp Web writes at any time) has none to offer.
      const driver = ctx.channels?.get(canal.tipo);
      if (!driver?.capabilities.modelos || !driver.templates) return [];
      return driver.templates(canal);
    },
  );
};
