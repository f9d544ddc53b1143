import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AUTOATENDIMENTO_TEXTS as T,
  ZChave,
  ZChaveCriada,
  ZChaveInput,
  ZSolicitacao,
  ZSolicitacaoCriada,
  ZSolicitacaoInput,
} from '@balcao/shared/autoatendimento';
import type { AppContext } from '../../context';
import { bearerToken, requireUser } from '../../lib/session';
import { requireStaff } from '../atendimentos/policy';
import { authorize } from './policy';
import {
  accountOfKey,
  assumirSolicitacao,
  countPendentes,
  createChave,
  createSolicitacao,
  listChaves,
  listSolicitacoes,
  resolverSolicitacao,
  revokeChave,
} from './service';

const ZId = z.object({ id: z.uuid({ error: T.naoEncontrada }) });
/** The key a public request was checked with (set before its body is validated). */
const keyOf = new WeakMap<FastifyRequest, { id: string; accountId: string }>();

/**
 * ERP self-service requests: keys (Configurações → Integrações, admin and master), the ERP's public call
 * (Authorization: Bearer <chave>), and the attendants' queue with the pending count the web app polls.
 */
export const autoatendimentoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get('/api/autoatendimento/chaves', { schema: { response: { 200: z.array(ZChave) } } }, async (req) =>
    listChaves(db, authorize(requireUser(req), 'gerirChaves').accountId),
  );

  app.post('/api/autoatendimento/chaves', { schema: { body: ZChaveInput, response: { 201: ZChaveCriada } } }, async (req, reply) => {
    const user = authorize(requireUser(req), 'gerirChaves');
    return reply.code(201).send(await createChave(db, user.accountId, user.id, req.body.nome));
  });

  app.delete('/api/autoatendimento/chaves/:id', { schema: { params: ZId, response: { 200: ZChave } } }, async (req) =>
    revokeChave(db, authorize(requireUser(req), 'gerirChaves').accountId, req.params.id),
  );

  // The key is checked before the body is read: a wrong key stores nothing and learns nothing about the body.
  app.post(
    '/api/public/autoatendimento/solicitacoes',
    {
      preValidation: async (req) => {
        keyOf.set(req, await accountOfKey(db, bearerToken(req.headers.authorization)));
      },
      schema: { body: ZSolicitacaoInput, response: { 201: ZSolicitacaoCriada } },
    },
    async (req, reply) => {
      return reply.code(201).send(await createSolicitacao(db, keyOf.get(req)!, req.body));
    },
  );

  // Spec part 2 §7: a bare number.
  app.get('/AutoAtendimentoERP/quantidade-solicitacoes', { schema: { response: { 200: z.number().int() } } }, async (req) => {
    const staff = await requireStaff(db, requireUser(req));
    return countPendentes(db, staff.accountId);
  });

  app.get(
    '/api/autoatendimento/solicitacoes',
    {
      schema: {
        querystring: z.object({ status: z.enum(['abertas', 'resolvidas']).default('abertas') }),
        response: { 200: z.array(ZSolicitacao) },
      },
    },
    async (req) => {
      const staff = await requireStaff(db, requireUser(req));
      return listSolicitacoes(db, staff.accountId, req.query.status === 'abertas');
    },
  );

  app.post('/api/autoatendimento/solicitacoes/:id/assumir', { schema: { params: ZId } }, async (req, reply) => {
    await assumirSolicitacao(db, await requireStaff(db, requireUser(req)), req.params.id);
    return reply.code(204).send();
  });

  app.post('/api/autoatendimento/solicitacoes/:id/resolver', { schema: { params: ZId } }, async (req, reply) => {
    await resolverSolicitacao(db, await requireStaff(db, requireUser(req)), req.params.id);
    return reply.code(204).send();
  });
};
