import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IA_TEXTS,
  type TEventoIa,
  ZAssistenteInput,
  ZIaConfig,
  ZIaConfigInput,
  ZIaEstado,
  ZIaTeste,
  ZIaUsoMes,
  ZMensagemIa,
  ZTranscricao,
  ZTranscricaoBusca,
  ZTranscricaoEncontrada,
} from '@balcao/shared/ia';
import { ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { estadoIa, presentConfig, saveConfig, testarProvedor } from './config';
import { authorize } from './policy';
import { historicoDoPainel, prepararAssistente, responder } from './service';
import { buscarTranscricoes, transcreverMensagem } from './transcricao';
import { usoDoMes } from './uso';

const ZAtendimentoId = z.object({ atendimentoId: z.uuid({ error: ATENDIMENTO_TEXTS.naoEncontrado }) });
const ZMensagemId = z.object({ mensagemId: z.uuid({ error: IA_TEXTS.mensagemNaoEncontrada }) });

const admin = (req: FastifyRequest, action: 'configurar' | 'verUso') => authorize(requireUser(req), action);

/** Server-sent events: one `event:` and one `data:` line (JSON) each, a blank line between. */
async function* sse(events: AsyncGenerator<TEventoIa>) {
  for await (const e of events) yield `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

/** The AI assistant: the panel's streamed answers and history, voice-note transcripts, settings and usage. */
export const iaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/ia/atendimentos/:atendimentoId/assistente',
    { schema: { params: ZAtendimentoId, body: ZAssistenteInput } },
    async (req, reply) => {
      const user = authorize(requireUser(req), 'usar');
      // Every refusal (402, 403, 404, 409, 429) is an HTTP answer; once streaming, a provider error is an 'erro' event.
      const preparado = await prepararAssistente(ctx, user, req.params.atendimentoId, req.body);
      const abort = new AbortController();
      reply.raw.on('close', () => abort.abort());
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(sse(responder(ctx, preparado, abort.signal))));
    },
  );

  app.get(
    '/api/ia/atendimentos/:atendimentoId/mensagens',
    { schema: { params: ZAtendimentoId, response: { 200: z.array(ZMensagemIa) } } },
    async (req) => historicoDoPainel(ctx, authorize(requireUser(req), 'usar'), req.params.atendimentoId),
  );

  app.post('/api/ia/mensagens/:mensagemId/transcrever', { schema: { params: ZMensagemId, response: { 200: ZTranscricao } } }, async (req) =>
    transcreverMensagem(ctx, authorize(requireUser(req), 'usar'), req.params.mensagemId),
  );

  app.get(
    '/api/ia/transcricoes',
    { schema: { querystring: ZTranscricaoBusca, response: { 200: z.array(ZTranscricaoEncontrada) } } },
    async (req) => buscarTranscricoes(ctx, authorize(requireUser(req), 'usar'), req.query.q),
  );

  app.get('/api/ia/estado', { schema: { response: { 200: ZIaEstado } } }, async (req) =>
    estadoIa(ctx, authorize(requireUser(req), 'usar').accountId),
  );

  app.get('/api/ia/config', { schema: { response: { 200: ZIaConfig } } }, async (req) =>
    presentConfig(ctx, admin(req, 'configurar').accountId),
  );

  app.put('/api/ia/config', { schema: { body: ZIaConfigInput, response: { 200: ZIaConfig } } }, async (req) =>
    saveConfig(ctx, admin(req, 'configurar').accountId, req.body),
  );

  app.post('/api/ia/config/testar', { schema: { response: { 200: ZIaTeste } } }, async (req) =>
    testarProvedor(ctx, admin(req, 'configurar').accountId),
  );

  app.get('/api/ia/uso', { schema: { response: { 200: ZIaUsoMes } } }, async (req) => usoDoMes(ctx, admin(req, 'verUso').accountId));
};
