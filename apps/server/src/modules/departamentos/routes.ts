import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZDepartamento } from '@balcao/shared/departamentos';
import type { AppContext } from '../../context';
import { departamentos } from '../../db/schema/departamentos';
import { users } from '../../db/schema/users';
import { requireUser } from '../../lib/session';

/** The account's departments with member counts (filters, transfers, channel settings). */
export const departamentosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/departamentos', { schema: { response: { 200: z.array(ZDepartamento) } } }, async (req) => {
    const user = requireUser(req);
    return ctx.db
      .select({ id: departamentos.id, nome: departamentos.nome, membros: count(users.id) })
      .from(departamentos)
      .leftJoin(users, eq(users.departamentoId, departamentos.id))
      .where(eq(departamentos.accountId, user.accountId))
      .groupBy(departamentos.id)
      .orderBy(asc(departamentos.nome));
  });
};
