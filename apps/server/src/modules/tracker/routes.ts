import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TRACKER_TEXTS as T,
  ZAnexo,
  ZAtividade,
  ZColuna,
  ZColunasInput,
  ZComentario,
  ZComentarioInput,
  ZEncerrarInput,
  ZMoverInput,
  ZPublicarInput,
  ZPublicarResposta,
  ZTarefa,
  ZTarefaInput,
  ZTarefaPagina,
  ZTarefaPatch,
  ZTarefaPublica,
  ZTarefasFiltro,
  ZVotacao,
  ZVotoInput,
} from '@balcao/shared/tracker';
import { type AppContext, trackerEventsOf } from '../../context';
import { ANEXO_MAX_BYTES } from '@balcao/shared/atendimentos';
import { AppError, BadRequest } from '../../lib/errors';
import { requireUser } from '../../lib/session';
import { readCheckedFile } from '../../lib/uploads';
import { ANEXO_RULES } from '../atendimentos/anexos';
import { anexar, anexosDe, apagarArquivos, arquivosDaTarefa, podeAnexar, removerAnexo } from './anexos';
import { colunasDe, salvarColunas } from './colunas';
import { atividadeDe, comentar, comentariosDe } from './historico';
import { avisosDoTracker } from './avisos';
import { authorize } from './policy';
import { PAGINA_NAO_ENCONTRADA, paginaPublica, tarefaPublica } from './publico';
import {
  atualizarTarefa,
  criarTarefa,
  excluirTarefa,
  listarTarefas,
  moverTarefa,
  obterTarefa,
  publicarTarefa,
  type TrackerDeps,
} from './service';
import { abrirVotacao, encerrar, revelar, votacaoDe, votar } from './votacao';

const ZId = z.object({ id: z.uuid({ error: T.tarefaNaoEncontrada }) });
const ZAnexoParams = ZId.extend({ anexoId: z.uuid({ error: T.anexoNaoEncontrado }) });
const ZPublicId = z.object({ publicId: z.string().min(1).max(64) });
const P = '/api/tracker';

/** Every role that sees Tracker (all of them) works on its account's tasks. */
const trackerUser = (req: FastifyRequest) => authorize(requireUser(req), 'usar');

/** The tracker's calls under /backend/api/tracker (designed in the spec's style: spec part 1 §1, §2). */
export const trackerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const d: TrackerDeps = { db: ctx.db, publicUrl: ctx.publicUrl, events: trackerEventsOf(ctx), ...avisosDoTracker(ctx) };
  const { db } = ctx;

  app.get(`${P}/tarefas`, { schema: { querystring: ZTarefasFiltro, response: { 200: ZTarefaPagina } } }, async (req) =>
    listarTarefas(d, trackerUser(req), req.query),
  );
  app.post(`${P}/tarefas`, { schema: { body: ZTarefaInput, response: { 201: ZTarefa } } }, async (req, reply) =>
    reply.code(201).send(await criarTarefa(d, trackerUser(req), req.body)),
  );
  app.get(`${P}/tarefas/:id`, { schema: { params: ZId, response: { 200: ZTarefa } } }, async (req) =>
    obterTarefa(d, trackerUser(req), req.params.id),
  );
  app.patch(`${P}/tarefas/:id`, { schema: { params: ZId, body: ZTarefaPatch, response: { 200: ZTarefa } } }, async (req) =>
    atualizarTarefa(d, trackerUser(req), req.params.id, req.body),
  );
  app.delete(`${P}/tarefas/:id`, { schema: { params: ZId } }, async (req, reply) => {
    const u = trackerUser(req);
    const arquivos = await arquivosDaTarefa(db, u.accountId, req.params.id);
    await excluirTarefa(d, u, req.params.id);
    await apagarArquivos(ctx.storage, arquivos, req.log);
    return reply.code(204).send();
  });
  app.post(`${P}/tarefas/:id/mover`, { schema: { params: ZId, body: ZMoverInput, response: { 200: ZTarefa } } }, async (req) =>
    moverTarefa(d, trackerUser(req), req.params.id, req.body),
  );
  app.get(`${P}/tarefas/:id/comentarios`, { schema: { params: ZId, response: { 200: z.array(ZComentario) } } }, async (req) =>
    comentariosDe(db, trackerUser(req), req.params.id),
  );
  app.post(
    `${P}/tarefas/:id/comentarios`,
    { schema: { params: ZId, body: ZComentarioInput, response: { 201: ZComentario } } },
    async (req, reply) => reply.code(201).send(await comentar(d, trackerUser(req), req.params.id, req.body)),
  );
  app.get(`${P}/tarefas/:id/atividade`, { schema: { params: ZId, response: { 200: z.array(ZAtividade) } } }, async (req) =>
    atividadeDe(db, trackerUser(req), req.params.id),
  );

  // Files on a task (the account's storage, checked by content and size like a conversation's): staff only.
  app.get(`${P}/tarefas/:id/anexos`, { schema: { params: ZId, response: { 200: z.array(ZAnexo) } } }, async (req) =>
    anexosDe(db, trackerUser(req), req.params.id),
  );
  app.post(`${P}/tarefas/:id/anexos`, { schema: { params: ZId, response: { 201: ZAnexo } } }, async (req, reply) => {
    const u = trackerUser(req);
    // The task and its room are checked before the bytes are read: a wrong id costs no upload.
    await podeAnexar(db, u, req.params.id);
    if (!req.isMultipart()) throw new BadRequest('Envie o arquivo no campo "arquivo" (multipart/form-data).');
    const file = await readCheckedFile(await req.file({ limits: { fileSize: ANEXO_MAX_BYTES, files: 1 } }), ANEXO_RULES);
    return reply.code(201).send(await anexar(d, ctx.storage, u, req.params.id, file));
  });
  app.delete(`${P}/tarefas/:id/anexos/:anexoId`, { schema: { params: ZAnexoParams } }, async (req, reply) => {
    const url = await removerAnexo(d, trackerUser(req), req.params.id, req.params.anexoId);
    await apagarArquivos(ctx.storage, [url], req.log);
    return reply.code(204).send();
  });

  app.post(
    `${P}/tarefas/:id/publicar`,
    { schema: { params: ZId, body: ZPublicarInput, response: { 200: ZPublicarResposta } } },
    async (req) => publicarTarefa(d, trackerUser(req), req.params.id, req.body.publica),
  );

  app.get(`${P}/colunas`, { schema: { response: { 200: z.array(ZColuna) } } }, async (req) => colunasDe(db, trackerUser(req).accountId));
  app.put(`${P}/colunas`, { schema: { body: ZColunasInput, response: { 200: z.array(ZColuna) } } }, async (req) => {
    const u = authorize(trackerUser(req), 'gerirColunas');
    const colunas = await salvarColunas(db, u.accountId, req.body);
    d.events.colunas(u.accountId, colunas);
    return colunas;
  });

  app.get(`${P}/tarefas/:id/votacao`, { schema: { params: ZId, response: { 200: ZVotacao } } }, async (req) =>
    votacaoDe(db, trackerUser(req), req.params.id),
  );
  app.post(`${P}/tarefas/:id/votacao`, { schema: { params: ZId, response: { 200: ZVotacao } } }, async (req) =>
    abrirVotacao(d, trackerUser(req), req.params.id),
  );
  app.post(`${P}/tarefas/:id/votacao/votos`, { schema: { params: ZId, body: ZVotoInput, response: { 200: ZVotacao } } }, async (req) =>
    votar(d, trackerUser(req), req.params.id, req.body.valor),
  );
  app.post(`${P}/tarefas/:id/votacao/revelar`, { schema: { params: ZId, response: { 200: ZVotacao } } }, async (req) =>
    revelar(d, trackerUser(req), req.params.id),
  );
  app.post(
    `${P}/tarefas/:id/votacao/encerrar`,
    { schema: { params: ZId, body: ZEncerrarInput, response: { 200: ZVotacao } } },
    async (req) => encerrar(d, trackerUser(req), req.params.id, req.body.complexidade),
  );

  app.get('/api/public/tracker/tarefas/:publicId', { schema: { params: ZPublicId, response: { 200: ZTarefaPublica } } }, async (req) =>
    tarefaPublica(db, req.params.publicId),
  );
};

/** The open page of a shared task, rendered on the server outside the staff bundle (ARCHITECTURE "Public pages"). */
export function registerPublicTarefaPage(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { id: string } }>('/public/tracker/tarefas/:id', async (req, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    try {
      return reply.send(paginaPublica(await tarefaPublica(ctx.db, req.params.id.slice(0, 64))));
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return reply.code(404).send(PAGINA_NAO_ENCONTRADA);
      throw err;
    }
  });
}
