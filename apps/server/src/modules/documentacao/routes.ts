import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENTACAO_TEXTS as T,
  ZBuscaQuery,
  ZCentral,
  ZCentralInput,
  ZDocumento,
  ZDocumentoEncontrado,
  ZDocumentoFiltro,
  ZDocumentoInput,
  ZDocumentoResumo,
  ZDocumentacaoEstatisticas,
  ZDominioStatus,
  ZSecao,
  ZSecaoInput,
  ZVersao,
  ZVotoInput,
} from '@balcao/shared/documentacao';
import type { AppContext } from '../../context';
import { BadRequest, NotFound } from '../../lib/errors';
import { requireUser } from '../../lib/session';
import { readCheckedFile, storeUpload } from '../../lib/uploads';
import { buscaPublica, buscarDocumentosMarcados, registrarOrigemPublica } from './busca';
import { dominioStatus } from './dominio';
import { estatisticas } from './estatisticas';
import { ESTILO, ESTILO_VERSAO } from './estilo';
import { authorize } from './policy';
import { dominioConfigurado, sitePorCaminho } from './publico';
import {
  excluirCentral,
  excluirDocumento,
  excluirSecao,
  listarCentrais,
  listarDocumentos,
  listarSecoes,
  listarVersoes,
  obterDocumento,
  restaurarVersao,
  salvarCentral,
  salvarDocumento,
  salvarSecao,
  votar,
} from './service';
import { documentoPublico } from './publico-documento';

const BASE = '/api/documentacao';
const PUBLICO = '/api/public/documentacao';
const ZId = z.object({ id: z.uuid({ error: 'Não encontrado.' }) });
const ZVersaoParams = ZId.extend({ versaoId: z.uuid({ error: T.versaoNaoEncontrada }) });
const ZPublicoParams = z.object({ databaseName: z.string().max(100) });
const IMAGEM_MAX_BYTES = 5 * 1024 * 1024;
const IMAGEM_RULES = {
  maxBytes: IMAGEM_MAX_BYTES,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  tooLarge: 'A imagem deve ter no máximo 5 MB.',
  wrongType: 'Envie uma imagem JPEG, PNG, WebP ou GIF.',
};

/** Documentation (spec part 1 §2): the staff API under /backend/api/documentacao and the public API. */
export const documentacaoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  registrarOrigemPublica(db, () => ctx.publicUrl);
  const origem = () => ctx.publicUrl;
  const leitor = (req: FastifyRequest) => authorize(requireUser(req), 'ler');
  const escritor = (req: FastifyRequest) => authorize(requireUser(req), 'escrever');

  // The "Este artigo ajudou?" form of the public page posts without JavaScript.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // Help centres.
  app.get(`${BASE}/centrais`, { schema: { response: { 200: z.array(ZCentral) } } }, async (req) =>
    listarCentrais(db, leitor(req).accountId, origem()),
  );
  app.post(`${BASE}/centrais`, { schema: { body: ZCentralInput, response: { 201: ZCentral } } }, async (req, reply) =>
    reply.code(201).send(await salvarCentral(db, escritor(req).accountId, origem(), req.body)),
  );
  app.put(`${BASE}/centrais/:id`, { schema: { params: ZId, body: ZCentralInput, response: { 200: ZCentral } } }, async (req) =>
    salvarCentral(db, escritor(req).accountId, origem(), req.body, req.params.id),
  );
  app.delete(`${BASE}/centrais/:id`, { schema: { params: ZId } }, async (req, reply) => {
    await excluirCentral(db, escritor(req).accountId, req.params.id);
    return reply.code(204).send();
  });
  app.get(`${BASE}/centrais/:id/dominio`, { schema: { params: ZId, response: { 200: ZDominioStatus } } }, async (req) =>
    dominioStatus(db, escritor(req).accountId, req.params.id, origem()),
  );

  // Sections.
  app.get(
    `${BASE}/secoes`,
    {
      schema: {
        querystring: z.object({ centralId: z.uuid({ error: T.centralNaoEncontrada }).optional() }),
        response: { 200: z.array(ZSecao) },
      },
    },
    async (req) => listarSecoes(db, leitor(req).accountId, req.query.centralId),
  );
  app.post(`${BASE}/secoes`, { schema: { body: ZSecaoInput, response: { 201: ZSecao } } }, async (req, reply) =>
    reply.code(201).send(await salvarSecao(db, escritor(req).accountId, req.body)),
  );
  app.put(`${BASE}/secoes/:id`, { schema: { params: ZId, body: ZSecaoInput, response: { 200: ZSecao } } }, async (req) =>
    salvarSecao(db, escritor(req).accountId, req.body, req.params.id),
  );
  app.delete(`${BASE}/secoes/:id`, { schema: { params: ZId } }, async (req, reply) => {
    await excluirSecao(db, escritor(req).accountId, req.params.id);
    return reply.code(204).send();
  });

  // Documents and their versions.
  app.get(`${BASE}/documentos`, { schema: { querystring: ZDocumentoFiltro, response: { 200: z.array(ZDocumentoResumo) } } }, async (req) =>
    listarDocumentos(db, leitor(req).accountId, origem(), req.query),
  );
  app.post(`${BASE}/documentos`, { schema: { body: ZDocumentoInput, response: { 201: ZDocumento } } }, async (req, reply) =>
    reply.code(201).send(await salvarDocumento(db, escritor(req), origem(), req.body)),
  );
  app.get(`${BASE}/documentos/:id`, { schema: { params: ZId, response: { 200: ZDocumento } } }, async (req) =>
    obterDocumento(db, leitor(req).accountId, origem(), req.params.id),
  );
  app.put(`${BASE}/documentos/:id`, { schema: { params: ZId, body: ZDocumentoInput, response: { 200: ZDocumento } } }, async (req) =>
    salvarDocumento(db, escritor(req), origem(), req.body, req.params.id),
  );
  app.delete(`${BASE}/documentos/:id`, { schema: { params: ZId } }, async (req, reply) => {
    await excluirDocumento(db, escritor(req).accountId, req.params.id);
    return reply.code(204).send();
  });
  app.get(`${BASE}/documentos/:id/versoes`, { schema: { params: ZId, response: { 200: z.array(ZVersao) } } }, async (req) =>
    listarVersoes(db, leitor(req).accountId, req.params.id),
  );
  app.post(
    `${BASE}/documentos/:id/versoes/:versaoId/restaurar`,
    { schema: { params: ZVersaoParams, response: { 200: ZDocumento } } },
    async (req) => restaurarVersao(db, escritor(req), origem(), req.params.id, req.params.versaoId),
  );

  app.post(`${BASE}/upload`, { schema: { response: { 201: z.object({ url: z.string() }) } } }, async (req, reply) => {
    escritor(req);
    if (!req.isMultipart()) throw new BadRequest('Envie a imagem no campo "arquivo" (multipart/form-data).');
    const file = await req.file({ limits: { fileSize: IMAGEM_MAX_BYTES, files: 1 } });
    const imagem = await readCheckedFile(file, IMAGEM_RULES);
    return reply.code(201).send({ url: await storeUpload(ctx.storage, 'documentacao', imagem.buffer, imagem.ext) });
  });

  app.get(`${BASE}/busca`, { schema: { querystring: ZBuscaQuery, response: { 200: z.array(ZDocumentoEncontrado) } } }, async (req) =>
    buscarDocumentosMarcados(db, leitor(req).accountId, {
      q: req.query.q,
      incluirInternos: true,
      centralSlug: req.query.central,
      limite: req.query.limite,
    }),
  );

  app.get(`${BASE}/estatisticas`, { schema: { response: { 200: ZDocumentacaoEstatisticas } } }, async (req) =>
    estatisticas(db, authorize(requireUser(req), 'estatisticas').accountId),
  );

  // Public: search, one document (the widget shows it), the vote, the stylesheet, Caddy's question.
  app.get(
    `${PUBLICO}/:databaseName/busca`,
    {
      schema: {
        params: ZPublicoParams,
        querystring: ZBuscaQuery,
        response: { 200: z.array(ZDocumentoEncontrado.omit({ conteudo: true })) },
      },
    },
    async (req) => {
      const site = await sitePorCaminho(db, req.params.databaseName, req.query.central ?? null);
      if (!site) throw new NotFound('Documentação não encontrada.');
      const achados = await buscaPublica(db, site.accountId, { q: req.query.q, centralSlug: req.query.central, limite: req.query.limite });
      return achados.map(({ conteudo: _, ...d }) => d);
    },
  );

  app.get(
    `${PUBLICO}/:databaseName/documentos/:id`,
    {
      schema: {
        params: ZPublicoParams.extend({ id: z.uuid({ error: T.documentoNaoEncontrado }) }),
        response: { 200: z.object({ id: z.string(), titulo: z.string(), html: z.string(), url: z.string() }) },
      },
    },
    async (req) => documentoPublico(db, req.params.databaseName, req.params.id, origem()),
  );

  app.post(
    `${PUBLICO}/:databaseName/documentos/:id/ajudou`,
    {
      schema: {
        params: ZPublicoParams.extend({ id: z.uuid({ error: T.documentoNaoEncontrado }) }),
        body: ZVotoInput.extend({ volta: z.string().max(500).optional() }),
      },
    },
    async (req, reply) => {
      const doc = await documentoPublico(db, req.params.databaseName, req.params.id, origem());
      await votar(db, doc.id, req.body.util);
      // A form post goes back to the page it came from (a path of ours only), which thanks the visitor.
      const volta = req.body.volta;
      if (volta !== undefined) {
        const seguro = /^\/(?!\/)[\w\-./]*$/.test(volta) ? volta : '/';
        return reply.code(303).header('location', `${seguro}?ajudou=1#ajudou`).send();
      }
      return reply.code(204).send();
    },
  );

  app.get(`${PUBLICO}/estilo-:versao.css`, { schema: { params: z.object({ versao: z.string() }) } }, async (req, reply) => {
    if (req.params.versao !== ESTILO_VERSAO) throw new NotFound('Folha de estilo não encontrada.');
    return reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(ESTILO);
  });

  app.get(
    '/api/public/dominios/verificar',
    { schema: { querystring: z.object({ domain: z.string().trim().toLowerCase().max(253) }) } },
    async (req, reply) => {
      if (!(await dominioConfigurado(db, req.query.domain.replace(/\.$/, '')))) throw new NotFound('Domínio não configurado.');
      return reply.code(200).send({ ok: true });
    },
  );
};
