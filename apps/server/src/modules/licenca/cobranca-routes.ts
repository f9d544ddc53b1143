import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCobranca,
  ZConfirmaLicencaInput,
  ZDataVencimento,
  ZIsLicencaVendaERP,
  ZLicenca,
  ZLicencaInfo,
  ZVerificarPagamento,
} from '@balcao/shared/licenca-cobranca';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { licencaCobrancas } from '../../db/schema/licenca-cobrancas';
import { AppError, NotFound } from '../../lib/errors';
import { countWebhook } from '../../lib/metrics';
import { requireUser } from '../../lib/session';
import { pixItems } from '../../payments/api-pix';
import type { WebhookAuth } from '../../payments/config';
import {
  cancelarCobranca,
  cobrancaAtual,
  confirmaLicenca,
  dataVencimento,
  gerarCobranca,
  isLicencaVendaErp,
  licencaContratada,
  licencaInfo,
  presentCobranca,
  requireMaster,
  verificarPagamento,
} from './cobranca';
import { aplicarPagamento } from './pagamentos';
import type { LogSecrets } from '../../lib/log-redaction';

/** The PSP webhook's shared secret, in its header or the registered URL's ?segredo=: never logged. */
export const PIX_WEBHOOK_LOG_SECRETS: LogSecrets = { params: ['segredo'], headers: ['x-webhook-secret'] };

const digest = (v: string) => createHash('sha256').update(v).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/**
 * Whether a webhook call carries what the operator configured: the shared secret (header X-Webhook-Secret, or
 * ?segredo= in the URL registered at the PSP; PSPs that append /pix after the query leave it on the value) and/or
 * the header a TLS-terminating proxy sets once it has verified the PSP's client certificate (value SUCCESS, as
 * nginx's $ssl_client_verify). Every configured check must pass.
 */
function webhookAutorizado(req: FastifyRequest, auth: WebhookAuth): boolean {
  if (auth.secret) {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const fromQuery = typeof query.segredo === 'string' ? query.segredo.replace(/\/pix$/i, '') : undefined;
    const given = (req.headers['x-webhook-secret'] as string | undefined) ?? fromQuery;
    if (!given || !sameSecret(given, auth.secret)) return false;
  }
  if (auth.certHeader) {
    const value = req.headers[auth.certHeader];
    if (typeof value !== 'string' || value.toUpperCase() !== 'SUCCESS') return false;
  }
  return true;
}

/** The licence and its PIX charge (spec part 1 §7), all the master's, and the PSP's webhook. */
export const licencaCobrancaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const deps = { db: ctx.db, pagamentos: ctx.licencaPagamentos };
  const master = async (req: FastifyRequest) => {
    const user = requireUser(req);
    await requireMaster(ctx.db, user);
    return user.accountId;
  };

  app.get('/Licenca/isLicencaVendaERP', { schema: { response: { 200: ZIsLicencaVendaERP } } }, async (req) => ({
    result: await isLicencaVendaErp(ctx.db, await master(req)),
  }));
  app.get('/Licenca/getdatavencimento', { schema: { response: { 200: ZDataVencimento } } }, async (req) =>
    dataVencimento(ctx.db, await master(req)),
  );
  app.get('/licenca/get', { schema: { response: { 200: ZLicenca } } }, async (req) => licencaContratada(ctx.db, await master(req)));
  app.get('/licenca/getlicencainfo', { schema: { response: { 200: ZLicencaInfo } } }, async (req) => licencaInfo(deps, await master(req)));
  app.post('/licenca/confirmalicenca', { schema: { body: ZConfirmaLicencaInput, response: { 200: ZLicenca } } }, async (req) =>
    confirmaLicenca(deps, await master(req), req.body),
  );
  app.post('/licenca/gerarcobranca', { schema: { response: { 200: ZCobranca, 201: ZCobranca } } }, async (req, reply) => {
    const { cobranca, created } = await gerarCobranca(deps, await master(req));
    if (created)
      req.log.info(
        { txid: cobranca.txid, provedor: cobranca.provedor, valorCentavos: cobranca.valorCentavos },
        'cobrança da licença criada',
      );
    return reply.code(created ? 201 : 200).send(await presentCobranca(cobranca));
  });
  app.get('/licenca/getcobranca', { schema: { response: { 200: ZCobranca } } }, async (req) =>
    presentCobranca(await cobrancaAtual(ctx.db, await master(req))),
  );
  app.get('/licenca/verificarpagamento', { schema: { response: { 200: ZVerificarPagamento } } }, async (req) => ({
    pago: await verificarPagamento(deps, await master(req)),
  }));
  app.delete('/licenca/cancelacobranca', { schema: { response: { 204: z.void() } } }, async (req, reply) => {
    await cancelarCobranca(deps, await master(req));
    return reply.code(204).send();
  });

  /**
   * The PSP's webhook (API Pix: POST {webhookUrl}/pix with { pix: [...] }): register webhookUrl as
   * https://<host>/backend/licenca/webhook at the PSP. Off (404) unless the provider is api-pix and a check is
   * configured (webhookAutorizado). Each item is believed only after the PSP itself reports its charge CONCLUIDA,
   * and applied once per endToEndId; items for txids that are not ours are ignored.
   */
  const webhook = async (req: FastifyRequest) => {
    const pagamentos = ctx.licencaPagamentos;
    const auth = pagamentos?.webhook ?? {};
    if (pagamentos?.provider?.kind !== 'api-pix' || (!auth.secret && !auth.certHeader)) throw new NotFound('Rota não encontrada.');
    if (!webhookAutorizado(req, auth)) {
      countWebhook('pix', 'assinatura_invalida');
      throw new AppError(401, 'PIX_WEBHOOK_NAO_AUTORIZADO', 'Webhook PIX não autorizado.');
    }
    const provider = pagamentos.provider;
    const itens = pixItems((req.body as { pix?: unknown } | null)?.pix);
    const txids = [...new Set(itens.map((i) => i.txid).filter(Boolean))];
    let aplicados = 0;
    for (const txid of txids) {
      const [ours] = await ctx.db
        .select({ id: licencaCobrancas.id })
        .from(licencaCobrancas)
        .where(eq(licencaCobrancas.txid, txid))
        .limit(1);
      if (!ours) {
        req.log.warn({ txid }, 'webhook PIX: txid desconhecido, ignorado');
        continue;
      }
      const situacao = await provider.readCharge(txid);
      if (situacao?.status !== 'CONCLUIDA') {
        req.log.warn({ txid, status: situacao?.status }, 'webhook PIX: o PSP não confirma o pagamento, ignorado');
        continue;
      }
      for (const pix of situacao.pix) {
        if ((await aplicarPagamento(ctx.db, { ...pix, txid, origem: 'webhook' })) === 'aplicado') aplicados++;
      }
    }
    req.log.info({ itens: itens.length, aplicados }, 'webhook PIX recebido');
    countWebhook('pix', 'aceita');
    return { recebidos: itens.length };
  };
  // PSPs test a new webhook URL with a body of their own (no pix[]): it is answered 200 and changes nothing.
  const ZWebhookBody = z.looseObject({ pix: z.array(z.unknown()).optional() });
  for (const url of ['/licenca/webhook', '/licenca/webhook/pix']) {
    app.post(url, { schema: { body: ZWebhookBody } }, webhook);
  }
};
