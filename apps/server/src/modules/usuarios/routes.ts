import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ZPassword } from '@balcao/shared/auth';
import {
  FOTO_MAX_BYTES,
  PROFILE_TEXTS,
  ZChangeNameInput,
  ZChangePasswordInput,
  ZCurrentUser,
  ZFotoAnswer,
  ZOnlineAnswer,
} from '@balcao/shared/usuarios';
import type { AppContext } from '../../context';
import { BadRequest } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { requireUser } from '../../lib/session';
import { readCheckedFile, storeUpload } from '../../lib/uploads';
import { endUserSessions } from '../auth/sessions';
import { authorize } from './policy';
import { getUserInAccount, loadCurrentUser, updateUser } from './service';

const ZIdParams = z.object({ id: z.string() });
const FOTO_RULES = {
  maxBytes: FOTO_MAX_BYTES,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  tooLarge: PROFILE_TEXTS.fotoTamanho,
  wrongType: PROFILE_TEXTS.fotoTipo,
};

/** Session and profile calls of spec part 1 §7, with the spec's paths and payloads. */
export const usuariosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get('/Usuario/GetCurrentUser', { schema: { response: { 200: ZCurrentUser } } }, async (req) => {
    const user = requireUser(req);
    return loadCurrentUser(db, user.accountId, user.id);
  });

  app.post('/Usuario/:id/heartbeat', { schema: { params: ZIdParams, response: { 200: ZOnlineAnswer } } }, async (req) => {
    const user = requireUser(req);
    authorize(user, 'alterarPerfil', req.params);
    const row = await updateUser(db, user.accountId, user.id, { lastHeartbeatAt: new Date() });
    return { online: row.online };
  });

  // Toggles the status chosen in the menu (Online/Offline); the answer carries the new value.
  app.post('/usuario/UpdateUser/:id', { schema: { params: ZIdParams, response: { 200: ZOnlineAnswer } } }, async (req) => {
    const user = requireUser(req);
    authorize(user, 'alterarPerfil', req.params);
    const current = await getUserInAccount(db, user.accountId, user.id);
    const row = await updateUser(db, user.accountId, user.id, { online: !current.online });
    return { online: row.online };
  });

  app.post('/Usuario/UploadFotoPerfil', { schema: { response: { 200: ZFotoAnswer } } }, async (req) => {
    const user = requireUser(req);
    if (!req.isMultipart()) throw new BadRequest('Envie a foto no campo "foto" (multipart/form-data).');
    const file = await req.file({ limits: { fileSize: FOTO_MAX_BYTES, files: 1 } });
    if (file && file.fieldname !== 'foto') throw new BadRequest('Envie a foto no campo "foto".');
    const checked = await readCheckedFile(file, FOTO_RULES);
    const url = await storeUpload(ctx.storage, 'fotos', checked.buffer, checked.ext);
    await updateUser(db, user.accountId, user.id, { fotoUrl: url });
    return { fotoUrl: url, url };
  });

  app.patch('/Usuario/ChangeName/:id', { schema: { params: ZIdParams, body: ZChangeNameInput } }, async (req, reply) => {
    const user = requireUser(req);
    authorize(user, 'alterarPerfil', req.params);
    await updateUser(db, user.accountId, user.id, { nome: req.body.NovoNome });
    return reply.code(200).send({ message: 'Nome atualizado.' });
  });

  app.patch('/Usuario/ChangePassword/:id', { schema: { params: ZIdParams, body: ZChangePasswordInput } }, async (req, reply) => {
    const user = requireUser(req);
    authorize(user, 'alterarPerfil', req.params);
    const strength = ZPassword.safeParse(req.body.NovaSenha);
    if (!strength.success) {
      const message = strength.error.issues[0]?.message ?? `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`;
      throw new BadRequest(message, { NovaSenha: [message] });
    }
    const current = await getUserInAccount(db, user.accountId, user.id);
    if (!(await verifyPassword(current.passwordHash, req.body.SenhaAtual))) {
      throw new BadRequest(PROFILE_TEXTS.senhaAtualErrada, { SenhaAtual: [PROFILE_TEXTS.senhaAtualErrada] });
    }
    await updateUser(db, user.accountId, user.id, { passwordHash: await hashPassword(req.body.NovaSenha) });
    // Every other session of the user ends now (their refresh cookies, access tokens and sockets); this one stays.
    await endUserSessions(ctx, user.id, { keep: user.sid });
    return reply.code(200).send({ message: 'Senha atualizada.' });
  });
};
