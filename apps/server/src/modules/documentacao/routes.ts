import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { registrarOrigemPublica } from './busca';

/** Documentation (spec part 1 §2): the staff API under /backend/api/documentacao and the public search. */
export const documentacaoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, { ctx }) => {
  registrarOrigemPublica(ctx.db, () => ctx.publicUrl);
};
