import { DOCUMENTACAO_TEXTS as T } from '@balcao/shared/documentacao';
import { CUSTOM_DOMAIN_BLOCK, permitidoEmDominioPersonalizado } from '@balcao/shared/documentacao/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Enderecos } from './paginas';
import { type Site, sitePorCaminho, sitePorDominio } from './publico';
import { enviar, naoEncontrada, pagina, texto } from './servir';

const SEMPRE_NOSSOS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const ehIp = (h: string) => /^[\d.]+$/.test(h) || h.includes(':');

type Query = { q?: string; ajudou?: string };
const partesDe = (resto: string | undefined) => (resto ?? '').split('/').filter(Boolean).map(decodeURIComponent);

/**
 * The public documentation as server-rendered pages (spec part 1 §2), outside the staff bundle, and the
 * custom-domain mode: a request whose Host is a public help centre's `dominio` gets that centre's pages at
 * `/`, `/{sectionSlug}[/{documentSlug}]` (and any other page path), and of the API only the spec's allowed
 * prefixes (part 1 §6); the rest answers 403 CustomDomainBlock. Host picks the centre and nothing else: links
 * and canonical addresses come from PUBLIC_URL.
 */
export function registrarDocumentacaoPublica(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const nossoHost = () => new URL(ctx.publicUrl).hostname.toLowerCase();

  const enderecos = (site: Site, aqui: boolean): Enderecos => {
    const caminho = site.central ? `/${site.databaseName}/central/${site.central.slug}/documentacao` : `/${site.databaseName}/documentacao`;
    return { base: aqui ? caminho : '', canonica: `${ctx.publicUrl}${caminho}`, origem: ctx.publicUrl };
  };

  async function responder(req: FastifyRequest, reply: FastifyReply, site: Site | null, aqui: boolean, resto: string | undefined) {
    if (!site) return enviar(req, reply, naoEncontrada({ base: '/', canonica: ctx.publicUrl, origem: ctx.publicUrl }), ctx.publicUrl);
    const end = enderecos(site, aqui);
    const corpo = await pagina(db, site, end, partesDe(resto), req.query as Query, req.method === 'GET');
    return enviar(req, reply, corpo, ctx.publicUrl);
  }

  // Runs before the session is read: on a custom domain nobody is signed in (spec part 1 §4).
  app.addHook('onRequest', async (req, reply) => {
    const host = req.hostname.toLowerCase().replace(/\.$/, '');
    if (SEMPRE_NOSSOS.has(host) || ehIp(host) || host === nossoHost()) return;
    const site = await sitePorDominio(db, host);
    if (!site) return;
    const caminho = req.url.split('?')[0]!;
    if (/^\/backend(?:\/|$)/i.test(caminho)) {
      if (permitidoEmDominioPersonalizado(caminho)) return;
      return reply.code(403).send({ code: CUSTOM_DOMAIN_BLOCK, message: T.dominioBloqueado });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(405).header('allow', 'GET, HEAD').send();
    if (caminho === '/robots.txt')
      return enviar(req, reply, texto(`User-agent: *\nAllow: /\nSitemap: https://${host}/sitemap.xml\n`), ctx.publicUrl);
    return responder(req, reply, site, false, caminho);
  });

  app.get('/robots.txt', (req, reply) => enviar(req, reply, texto('User-agent: *\nAllow: /\nDisallow: /backend/\n'), ctx.publicUrl));

  type Params = { databaseName: string; centralSlug?: string; '*'?: string };
  const daConta = async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) =>
    responder(req, reply, await sitePorCaminho(db, req.params.databaseName, null), true, req.params['*']);
  const daCentral = async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) =>
    responder(req, reply, await sitePorCaminho(db, req.params.databaseName, req.params.centralSlug ?? null), true, req.params['*']);
  app.get('/:databaseName/documentacao', daConta);
  app.get('/:databaseName/documentacao/*', daConta);
  app.get('/:databaseName/central/:centralSlug/documentacao', daCentral);
  app.get('/:databaseName/central/:centralSlug/documentacao/*', daCentral);
}
