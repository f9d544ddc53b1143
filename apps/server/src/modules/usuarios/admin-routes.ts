import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessageAnswer } from '@balcao/shared/auth';
import { USUARIOS_TEXTS, ZUsuarioAdmin, ZUsuarioInput, ZUsuariosQuery } from '@balcao/shared/usuarios';
import type { AppContext } from '../../context';
import {
  comLimiteDeSondagem,
  createUsuario,
  desativarUsuario,
  listUsuarios,
  reativarUsuario,
  redefinirSenha,
  updateUsuario,
} from './admin-service';
import { requireUser } from '../../lib/session';
import { authorize } from './policy';

/** The caller, if the policy lets them administer users (admin and master). */
const admin = (req: FastifyRequest) => authorize(requireUser(req), 'administrar');

const ZIdParams = z.object({ id: z.string() });

/** Users administration (`/usuarios`): admin and master; another account's ids answer 404. */
export const usuariosAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/usuarios', { schema: { querystring: ZUsuariosQuery, response: { 200: z.array(ZUsuarioAdmin) } } }, async (req) => {
    const user = admin(req);
    return listUsuarios(ctx.db, user.accountId, req.query);
  });

  app.post('/api/usuarios', { schema: { body: ZUsuarioInput, response: { 201: ZUsuarioAdmin } } }, async (req, reply) => {
    const user = admin(req);
    return reply.code(201).send(await comLimiteDeSondagem(ctx, req.ip, () => createUsuario(ctx, user, req.body)));
  });

  app.put('/api/usuarios/:id', { schema: { params: ZIdParams, body: ZUsuarioInput, response: { 200: ZUsuarioAdmin } } }, async (req) =>
    comLimiteDeSondagem(ctx, req.ip, () => updateUsuario(ctx, admin(req), req.params.id, req.body)),
  );

  app.post('/api/usuarios/:id/desativar', { schema: { params: ZIdParams, response: { 200: ZUsuarioAdmin } } }, async (req) =>
    desativarUsuario(ctx, admin(req), req.params.id),
  );

  app.post('/api/usuarios/:id/reativar', { schema: { params: ZIdParams, response: { 200: ZUsuarioAdmin } } }, async (req) =>
    reativarUsuario(ctx, admin(req), req.params.id),
  );

  app.post('/api/usuarios/:id/redefinir-senha', { schema: { params: ZIdParams, response: { 200: ZMessageAnswer } } }, async (req) => {
    await redefinirSenha(ctx, admin(req), req.params.id);
    return { message: USUARIOS_TEXTS.redefinicaoEnviada };
  });
};
