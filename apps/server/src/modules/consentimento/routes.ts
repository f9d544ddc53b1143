import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENTES_TEXTS } from '@balcao/shared/clientes';
import {
  ZConfirmarLid,
  ZConfirmarLidInput,
  ZConsentimento,
  ZConsentimentoConfig,
  ZOptInErp,
  ZRegistrarConsentimento,
  ZSolicitacaoEnviada,
  ZSolicitarConsentimento,
} from '@balcao/shared/consentimento';
import type { AppContext } from '../../context';
import { bearerToken, requireUser } from '../../lib/session';
import { requireStaff } from '../atendimentos/policy';
import { authorize } from './policy';
import { presentConsentimento } from './presenter';
import { configDe, historicoDe } from './queries';
import { accountOfKey } from '../autoatendimento/service';
import { assertClienteVisivel, lerPedido, optInDoErp, registrar, responder, salvarConfig, solicitar } from './service';

const ZClienteId = z.object({ id: z.uuid({ error: CLIENTES_TEXTS.naoEncontrado }) });
const ZToken = z.object({ token: z.string().max(200) });

/** A customer's consent (LGPD opt-in): state and history, a confirmation link, an attendant's record; the account's words. */
export const consentimentoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const staffOf = async (req: Parameters<typeof requireUser>[0], action: 'ver' | 'solicitar' | 'registrar') =>
    requireStaff(db, authorize(requireUser(req), action));

  app.get('/api/clientes/:id/consentimento', { schema: { params: ZClienteId, response: { 200: ZConsentimento } } }, async (req) => {
    const staff = await staffOf(req, 'ver');
    await assertClienteVisivel(db, staff, req.params.id);
    return presentConsentimento(await historicoDe(db, staff.accountId, req.params.id));
  });

  app.post(
    '/api/clientes/:id/consentimento/solicitar',
    { schema: { params: ZClienteId, body: ZSolicitarConsentimento, response: { 202: ZSolicitacaoEnviada } } },
    async (req, reply) => reply.code(202).send(await solicitar(ctx, await staffOf(req, 'solicitar'), req.params.id, req.body.canal)),
  );

  app.post(
    '/api/clientes/:id/consentimento',
    { schema: { params: ZClienteId, body: ZRegistrarConsentimento, response: { 200: ZConsentimento } } },
    async (req) => {
      const staff = await staffOf(req, 'registrar');
      await registrar(db, staff, req.params.id, req.body);
      return presentConsentimento(await historicoDe(db, staff.accountId, req.params.id));
    },
  );

  app.get('/api/conta/consentimento', { schema: { response: { 200: ZConsentimentoConfig } } }, async (req) =>
    configDe(db, requireUser(req).accountId),
  );
  app.put('/api/conta/consentimento', { schema: { body: ZConsentimentoConfig, response: { 200: ZConsentimentoConfig } } }, async (req) =>
    salvarConfig(db, authorize(requireUser(req), 'configurar').accountId, req.body),
  );

  // The customer's side: open, by the link's token alone.
  app.get('/api/public/confirmar-lid/:token', { schema: { params: ZToken, response: { 200: ZConfirmarLid } } }, async (req) =>
    lerPedido(ctx, req.params.token),
  );
  app.post(
    '/api/public/confirmar-lid/:token',
    { schema: { params: ZToken, body: ZConfirmarLidInput, response: { 200: ZConfirmarLid } } },
    async (req) => responder(ctx, req.params.token, req.body.aceito, req.ip),
  );

  // The ERP's own screen asked the customer: recorded with its words, by the account's integration key.
  app.post(
    '/api/public/consentimento',
    { schema: { body: ZOptInErp, response: { 201: z.object({ clienteId: z.string() }) } } },
    async (req, reply) => {
      const key = await accountOfKey(db, bearerToken(req.headers.authorization));
      return reply.code(201).send(await optInDoErp(db, key.accountId, req.body));
    },
  );
};
