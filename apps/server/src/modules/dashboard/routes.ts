import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ATENDENTE_TODOS,
  ZDashboardList,
  ZDashboardQuery,
  ZDashboardResult,
  ZVisaoGeral,
  ZVisaoGeralQuery,
  type TDashboardQuery,
} from '@balcao/shared/dashboard';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { getUserInAccount } from '../usuarios/service';
import { authorize } from './policy';
import { dashboard, lista, type Periodo } from './service';
import { visaoGeral } from './visao-geral';

/** Spec part 1 §7: anyone sees their own; `todos` and other attendants are for admin and master. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const periodo = async (req: FastifyRequest, q: TDashboardQuery): Promise<Periodo> => {
    const user = requireUser(req);
    const todos = q.atendenteId.toLowerCase() === ATENDENTE_TODOS;
    if (todos) authorize(user, 'verTodos');
    else if (q.atendenteId !== user.id) {
      authorize(user, 'verAtendente', q);
      await getUserInAccount(ctx.db, user.accountId, q.atendenteId);
    }
    return { accountId: user.accountId, atendenteId: todos ? null : q.atendenteId, dataInicio: q.dataInicio, dataFim: q.dataFim };
  };

  app.get('/api/atendimento/dashboard', { schema: { querystring: ZDashboardQuery, response: { 200: ZDashboardResult } } }, async (req) =>
    dashboard(ctx.db, await periodo(req, req.query)),
  );
  app.get('/api/atendimento/list', { schema: { querystring: ZDashboardQuery, response: { 200: ZDashboardList } } }, async (req) =>
    lista(ctx.db, await periodo(req, req.query)),
  );

  // The overview dashboard of `/dashboard`: admin and master.
  app.get('/api/dashboard/visao-geral', { schema: { querystring: ZVisaoGeralQuery, response: { 200: ZVisaoGeral } } }, async (req) =>
    visaoGeral(ctx.db, authorize(requireUser(req), 'verVisaoGeral').accountId, req.query),
  );
};
