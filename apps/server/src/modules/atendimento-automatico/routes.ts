import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTOMATICO_TEXTS as T,
  ZCanalComMenu,
  ZHorarios,
  ZHorariosDepartamentoResposta,
  ZHorariosResposta,
  ZMenu,
  ZMenuResposta,
} from '@balcao/shared/atendimento-automatico';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import {
  canaisComMenu,
  deleteHorariosDepartamento,
  getHorarios,
  getHorariosDepartamento,
  getMenu,
  putHorarios,
  putHorariosDepartamento,
  putMenu,
} from './config';
import { authorize } from './policy';

const ZDepartamento = z.object({ departamentoId: z.uuid({ error: T.departamentoInexistente }) });
const ZCanal = z.object({ canalId: z.uuid({ error: T.canalNaoEncontrado }) });

/**
 * Configurações › Atendimento automático: the account's hours and away message (and a department's own), each
 * channel's welcome menu.
 */
export const atendimentoAutomaticoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const H = '/api/atendimento-automatico';

  app.get(`${H}/horarios`, { schema: { response: { 200: ZHorariosResposta } } }, async (req) =>
    getHorarios(db, authorize(requireUser(req), 'configurar').accountId),
  );
  app.put(`${H}/horarios`, { schema: { body: ZHorarios, response: { 200: ZHorariosResposta } } }, async (req) =>
    putHorarios(db, authorize(requireUser(req), 'configurar').accountId, req.body),
  );
  const porDepartamento = { params: ZDepartamento, response: { 200: ZHorariosDepartamentoResposta } };
  app.get(`${H}/horarios/:departamentoId`, { schema: porDepartamento }, async (req) =>
    getHorariosDepartamento(db, authorize(requireUser(req), 'configurar').accountId, req.params.departamentoId),
  );
  app.put(`${H}/horarios/:departamentoId`, { schema: { ...porDepartamento, body: ZHorarios } }, async (req) =>
    putHorariosDepartamento(db, authorize(requireUser(req), 'configurar').accountId, req.params.departamentoId, req.body),
  );
  app.delete(`${H}/horarios/:departamentoId`, { schema: porDepartamento }, async (req) =>
    deleteHorariosDepartamento(db, authorize(requireUser(req), 'configurar').accountId, req.params.departamentoId),
  );
  app.get(`${H}/canais`, { schema: { response: { 200: z.array(ZCanalComMenu) } } }, async (req) =>
    canaisComMenu(db, authorize(requireUser(req), 'configurar').accountId),
  );
  app.get(`${H}/menu/:canalId`, { schema: { params: ZCanal, response: { 200: ZMenuResposta } } }, async (req) =>
    getMenu(db, authorize(requireUser(req), 'configurar').accountId, req.params.canalId),
  );
  app.put(`${H}/menu/:canalId`, { schema: { params: ZCanal, body: ZMenu, response: { 200: ZMenuResposta } } }, async (req) =>
    putMenu(db, authorize(requireUser(req), 'configurar').accountId, req.params.canalId, req.body),
  );
};
