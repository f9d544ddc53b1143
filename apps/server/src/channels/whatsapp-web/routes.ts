import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WAPI_TEXTS, ZWapiPareamento, ZWapiSessao, ZWapiStatus } from '@balcao/shared/wapi';
import type { AppContext } from '../../context';
import { BadRequest, NotFound } from '../../lib/errors';
import { requireUser } from '../../lib/session';
import { authorize } from '../../modules/canais/policy';
import { canais } from '../../db/schema/atendimentos';
import { wapiOf } from '../registry';
import { ensureWapi, findWapi, patchSessao, presentSessao, presentStatus } from './service';

const ZParams = z.object({ userId: z.string().max(100) });

/**
 * The messaging API of WhatsApp Web (spec part 1 §3 and §7: GET .../status → connected, phoneNumber), under
 * /backend/wapi/clients/{userId}, userId being the account's id (Integracoes/get). Master and admin only;
 * another account's id answers 404 as if it did not exist.
 */
export const wapiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, cipher } = ctx;
  const driver = () => wapiOf(ctx);
  const owner = (req: FastifyRequest & { params: z.infer<typeof ZParams> }) => {
    const user = requireUser(req);
    authorize(user, 'gerirWhatsAppWeb');
    if (req.params.userId !== user.accountId) throw new NotFound(WAPI_TEXTS.naoEncontrado);
    return user.accountId;
  };
  const answer = async (accountId: string) => driver().announce(accountId);

  app.get('/wapi/clients/:userId/status', { schema: { params: ZParams, response: { 200: ZWapiStatus } } }, async (req) =>
    presentStatus(await findWapi(db, owner(req))),
  );

  app.get('/wapi/clients/:userId/qr', { schema: { params: ZParams, response: { 200: ZWapiSessao } } }, async (req) =>
    presentSessao(await findWapi(db, owner(req))),
  );

  /** Starts (or restarts after a give-up) the session; the QR reaches the screen through GET .../qr and ReceiveWhatsAppEvent. */
  app.post('/wapi/clients/:userId/conectar', { schema: { params: ZParams, response: { 202: ZWapiSessao } } }, async (req, reply) => {
    const accountId = owner(req);
    const w = await ensureWapi(db, cipher, accountId);
    if (w.sessao.estado === 'conectado') throw new BadRequest(WAPI_TEXTS.jaConectado);
    await db.update(canais).set({ ativo: true }).where(eq(canais.id, w.canal.id));
    await patchSessao(db, w.canal.id, {
      querConectado: true,
      estado: 'conectando',
      erro: null,
      qr: null,
      codigoPareamento: null,
      numeroPareamento: null,
      qrEmitidos: 0,
    });
    await driver().wake();
    return reply.code(202).send(await answer(accountId));
  });

  app.post(
    '/wapi/clients/:userId/pareamento',
    { schema: { params: ZParams, body: ZWapiPareamento, response: { 202: ZWapiSessao } } },
    async (req, reply) => {
      const accountId = owner(req);
      const w = await findWapi(db, accountId);
      if (!w?.sessao.querConectado || w.sessao.estado === 'conectado') throw new BadRequest(WAPI_TEXTS.pareamentoIndisponivel);
      await patchSessao(db, w.canal.id, { numeroPareamento: req.body.numero, codigoPareamento: null });
      await driver().sessionOf(w.canal.id)?.pairingRequested();
      return reply.code(202).send(await answer(accountId));
    },
  );

  app.post('/wapi/clients/:userId/desconectar', { schema: { params: ZParams, response: { 200: ZWapiSessao } } }, async (req) => {
    const accountId = owner(req);
    const w = await findWapi(db, accountId);
    if (!w) return presentSessao(null);
    await driver().disconnect(w.canal.id);
    return answer(accountId);
  });

  /** Pause: the socket closes (the pairing stays); conversations already open stay in the inbox. */
  app.post('/wapi/clients/:userId/pausar', { schema: { params: ZParams, response: { 200: ZWapiSessao } } }, async (req) => {
    const accountId = owner(req);
    const w = await findWapi(db, accountId);
    if (!w?.sessao.numero) throw new BadRequest(WAPI_TEXTS.pausadoSemPareamento);
    await db.update(canais).set({ ativo: false }).where(eq(canais.id, w.canal.id));
    await patchSessao(db, w.canal.id, { querConectado: false });
    await driver().wake();
    await patchSessao(db, w.canal.id, { estado: 'pausado', qr: null, erro: null });
    return answer(accountId);
  });

  app.post('/wapi/clients/:userId/ativar', { schema: { params: ZParams, response: { 200: ZWapiSessao } } }, async (req) => {
    const accountId = owner(req);
    const w = await findWapi(db, accountId);
    if (!w?.sessao.numero) throw new BadRequest(WAPI_TEXTS.pausadoSemPareamento);
    await db.update(canais).set({ ativo: true }).where(eq(canais.id, w.canal.id));
    await patchSessao(db, w.canal.id, { querConectado: true, estado: 'conectando', erro: null });
    await driver().wake();
    return answer(accountId);
  });
};
