import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_INTERNO_UPLOAD_KIND,
  GRUPO_FOTO_MAX_BYTES,
  INTEGRANTE_TIPO,
  ZConversa,
  ZConversaCriada,
  ZCriarConversaInput,
  ZDepartamentoDisponivel,
  ZEnviarMensagemInput,
  ZFotoGrupoAnswer,
  ZIntegranteInput,
  ZMensagem,
  ZMensagensPagina,
  ZMensagensQuery,
  ZNomeGrupo,
  ZNomeGrupoAnswer,
  ZParticipante,
  ZPromoverInput,
  ZUploadArquivoAnswer,
  ZUsuarioDisponivel,
  ZVisualizarInput,
} from '@balcao/shared/chat-interno';
import type { AppContext } from '../../context';
import { BadRequest } from '../../lib/errors';
import { requireUser } from '../../lib/session';
import { readCheckedFile, storeUpload } from '../../lib/uploads';
import { acessarConversa, isAccountMaster } from './access';
import { adicionarIntegrante, alterarFotoGrupo, promoverAdmin, removerIntegrante, renomearGrupo, sairDoGrupo } from './grupo-service';
import { enviarMensagem, listarMensagens, visualizarMensagens } from './mensagens-service';
import type { ChatChange } from './notify';
import { authorize } from './policy';
import { presentParticipante, presentPessoa } from './presenter';
import {
  criarConversa,
  departamentosDisponiveis,
  listarConversas,
  participantesDe,
  usuariosDisponiveis,
  usuariosDoDepartamento,
} from './service';
import { CHAT_FILE_MAX_BYTES, expectField, GRUPO_FOTO_RULES, readChatFile } from './uploads';

const BASE = '/api/chat-interno';
const ZIdParams = z.object({ id: z.string() });
const ZParticipantes = z.array(ZParticipante);
/** Group photos live apart from message files: different cap, different lifetime. */
const GRUPO_FOTO_UPLOAD_KIND = 'chat-interno-grupos';

/** One multipart file, or a 400 that says how to send it. */
async function oneFile(req: FastifyRequest, field: string, fileSize: number) {
  if (!req.isMultipart()) throw new BadRequest(`Envie o arquivo no campo "${field}" (multipart/form-data).`);
  return expectField(await req.file({ limits: { fileSize, files: 1 } }), field);
}

/** Spec part 2 §7 (internal chat), thin: validate (shared schema) -> access + policy -> service -> present + publish. */
export const chatInternoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const publishChange = (change: ChatChange) => ctx.publish?.chatInterno(change);
  const participantes = async (conversaId: string) => (await participantesDe(db, [conversaId])).map(presentParticipante);

  app.get(`${BASE}/conversas`, { schema: { response: { 200: z.array(ZConversa) } } }, async (req) => listarConversas(db, requireUser(req)));

  app.get(`${BASE}/usuarios-disponiveis`, { schema: { response: { 200: z.array(ZUsuarioDisponivel) } } }, async (req) =>
    (await usuariosDisponiveis(db, requireUser(req))).map(presentPessoa),
  );

  app.get(`${BASE}/departamentos-disponiveis`, { schema: { response: { 200: z.array(ZDepartamentoDisponivel) } } }, async (req) => {
    const user = requireUser(req);
    authorize(user, 'incluirDepartamentos', { isMaster: await isAccountMaster(db, user) });
    return departamentosDisponiveis(db, user.accountId);
  });

  app.post(
    `${BASE}/usuarios-departamento/:id`,
    { schema: { params: ZIdParams, response: { 200: z.array(ZUsuarioDisponivel) } } },
    async (req) => {
      const user = requireUser(req);
      return (await usuariosDoDepartamento(db, user.accountId, req.params.id)).map(presentPessoa);
    },
  );

  app.post(
    `${BASE}/conversa`,
    { schema: { body: ZCriarConversaInput, response: { 200: ZConversaCriada, 201: ZConversaCriada } } },
    async (req, reply) => {
      const user = requireUser(req);
      if (req.body.departamentos.length) authorize(user, 'incluirDepartamentos', { isMaster: await isAccountMaster(db, user) });
      const criada = await criarConversa(db, user, req.body);
      if (criada.change) publishChange(criada.change);
      // 201 for a new conversation; 200 when the pair's direct chat already existed and is reused.
      return reply.code(criada.created ? 201 : 200).send({ id: criada.id, ehGrupo: criada.ehGrupo });
    },
  );

  app.get(`${BASE}/conversa/:id/participantes`, { schema: { params: ZIdParams, response: { 200: ZParticipantes } } }, async (req) => {
    const acesso = await acessarConversa(db, requireUser(req), req.params.id);
    return participantes(acesso.conversa.id);
  });

  app.post(
    `${BASE}/conversa/:id/integrante`,
    { schema: { params: ZIdParams, body: ZIntegranteInput, response: { 200: ZParticipantes } } },
    async (req) => {
      const user = requireUser(req);
      const acesso = await acessarConversa(db, user, req.params.id);
      authorize(user, 'adicionar', acesso);
      if (req.body.integranteTipo === INTEGRANTE_TIPO.departamento)
        authorize(user, 'incluirDepartamentos', { isMaster: await isAccountMaster(db, user) });
      publishChange(await adicionarIntegrante(db, user, acesso, req.body));
      return participantes(acesso.conversa.id);
    },
  );

  app.delete(
    `${BASE}/conversa/:id/integrante`,
    { schema: { params: ZIdParams, body: ZIntegranteInput, response: { 200: ZParticipantes } } },
    async (req) => {
      const user = requireUser(req);
      const acesso = await acessarConversa(db, user, req.params.id);
      authorize(user, 'remover', { acesso, alvo: req.body });
      publishChange(await removerIntegrante(db, user, acesso, req.body));
      return participantes(acesso.conversa.id);
    },
  );

  app.delete(`${BASE}/conversa/:id/sair`, { schema: { params: ZIdParams } }, async (req, reply) => {
    const user = requireUser(req);
    const acesso = await acessarConversa(db, user, req.params.id);
    authorize(user, 'sair', acesso);
    publishChange(await sairDoGrupo(db, user, acesso));
    return reply.code(204).send();
  });

  app.post(
    `${BASE}/conversa/:id/admin`,
    { schema: { params: ZIdParams, body: ZPromoverInput, response: { 200: ZParticipantes } } },
    async (req) => {
      const user = requireUser(req);
      const acesso = await acessarConversa(db, user, req.params.id);
      authorize(user, 'promover', { acesso, alvo: req.body });
      publishChange(await promoverAdmin(db, user, acesso, req.body));
      return participantes(acesso.conversa.id);
    },
  );

  // The body is the new name as a bare JSON string ("Novo nome"), as the spec's client sends it.
  app.post(
    `${BASE}/conversa/:id/mudar-nome`,
    { schema: { params: ZIdParams, body: ZNomeGrupo, response: { 200: ZNomeGrupoAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const acesso = await acessarConversa(db, user, req.params.id);
      authorize(user, 'renomear', acesso);
      publishChange(await renomearGrupo(db, user, acesso, req.body));
      return { id: acesso.conversa.id, nome: req.body };
    },
  );

  app.post(
    `${BASE}/conversa/:id/upload-foto-grupo`,
    { schema: { params: ZIdParams, response: { 200: ZFotoGrupoAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const acesso = await acessarConversa(db, user, req.params.id);
      authorize(user, 'alterarFoto', acesso);
      const foto = await readCheckedFile(await oneFile(req, 'foto', GRUPO_FOTO_MAX_BYTES), GRUPO_FOTO_RULES);
      const url = await storeUpload(ctx.storage, GRUPO_FOTO_UPLOAD_KIND, foto.buffer, foto.ext);
      publishChange(await alterarFotoGrupo(db, user, acesso, url));
      return { url, fotoUrl: url };
    },
  );

  app.post(`${BASE}/upload-arquivo`, { schema: { response: { 200: ZUploadArquivoAnswer } } }, async (req) => {
    requireUser(req);
    const file = await readChatFile(await oneFile(req, 'file', CHAT_FILE_MAX_BYTES));
    const url = await storeUpload(ctx.storage, CHAT_INTERNO_UPLOAD_KIND, file.buffer, file.ext);
    return { url, tipo: file.tipo, nomeArquivo: file.filename, tamanho: file.buffer.length, mimeType: file.mime };
  });

  app.get(
    `${BASE}/mensagens/:conversationId`,
    { schema: { params: z.object({ conversationId: z.string() }), querystring: ZMensagensQuery, response: { 200: ZMensagensPagina } } },
    async (req) => listarMensagens(db, requireUser(req), req.params.conversationId, req.query),
  );

  // Not in the spec's table: the HTTP twin of the hub's SendMessage (same payload, same idempotency), for a client without its socket.
  app.post(
    `${BASE}/mensagem`,
    { schema: { body: ZEnviarMensagemInput, response: { 200: ZMensagem, 201: ZMensagem } } },
    async (req, reply) => {
      const { mensagem, change } = await enviarMensagem(db, requireUser(req), req.body);
      if (change) publishChange(change);
      return reply.code(change ? 201 : 200).send(mensagem);
    },
  );

  // Not in the spec's table: the HTTP twin of ViewMessages.
  app.post(
    `${BASE}/conversa/:id/visualizar`,
    { schema: { params: ZIdParams, body: ZVisualizarInput.omit({ conversaId: true }).nullish() } },
    async (req, reply) => {
      await visualizarMensagens(db, requireUser(req), { conversaId: req.params.id, ultimaMensagemId: req.body?.ultimaMensagemId });
      return reply.code(204).send();
    },
  );
};
