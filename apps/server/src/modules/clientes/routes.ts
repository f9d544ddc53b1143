import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZClienteDetalhe } from '@balcao/shared/atendimentos';
import { CLIENTES_TEXTS, ZClienteInput, ZClientePagina, ZClienteResumo } from '@balcao/shared/clientes';
import type { AppContext } from '../../context';
import { atendimentos, clientes } from '../../db/schema/atendimentos';
import { NotFound } from '../../lib/errors';
import { requireUser } from '../../lib/session';
import { requireStaff, visibleTo } from '../atendimentos/policy';
import { customersVisibleTo } from './policy';
import { presentAtendimento } from '../atendimentos/presenter';
import { createCliente, updateCliente } from './service';
import { likePattern, selectAtendimentos } from '../atendimentos/queries';
import { clienteCorresponde } from '../../lib/busca-cliente';
import { respostaFinal, respostasDe } from '../consentimento/queries';

const ZClienteId = z.object({ id: z.uuid({ error: CLIENTES_TEXTS.naoEncontrado }) });
/** Previous atendimentos shown in the customer side panel. */
const HISTORICO_MAX = 20;
const ZListaQuery = z.object({
  pesquisa: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  take: z.coerce.number().int().min(1).max(100).default(20),
});

export const clientesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  // Spec part 2 §7: GET /cliente/lista?pesquisa&page&take (answer shape ours: { itens, total }).
  app.get('/cliente/lista', { schema: { querystring: ZListaQuery, response: { 200: ZClientePagina } } }, async (req) => {
    const staff = await requireStaff(db, requireUser(req));
    const { pesquisa, page, take } = req.query;
    const where = and(
      eq(clientes.accountId, staff.accountId),
      customersVisibleTo(db, staff),
      pesquisa ? clienteCorresponde(clientes, likePattern(pesquisa)) : undefined,
    );
    const [itens, [count]] = await Promise.all([
      db
        .select({ id: clientes.id, nome: clientes.nome, numero: clientes.numero, email: clientes.email })
        .from(clientes)
        .where(where)
        .orderBy(asc(clientes.nome))
        .limit(take)
        .offset((page - 1) * take),
      db.select({ n: sql<number>`count(*)::int` }).from(clientes).where(where),
    ]);
    const consent = await respostasDe(
      db,
      staff.accountId,
      itens.map((c) => c.id),
      'whatsapp',
    );
    return { itens: itens.map((c) => ({ ...c, consentimentoWhatsApp: respostaFinal(consent.get(c.id)) })), total: count?.n ?? 0 };
  });

  app.post('/api/clientes', { schema: { body: ZClienteInput, response: { 201: ZClienteResumo } } }, async (req, reply) => {
    const staff = await requireStaff(db, requireUser(req));
    const c = await createCliente(db, staff.accountId, req.body);
    return reply.code(201).send({ id: c.id, nome: c.nome, numero: c.numero, email: c.email });
  });

  app.put('/api/clientes/:id', { schema: { params: ZClienteId, body: ZClienteInput, response: { 200: ZClienteResumo } } }, async (req) => {
    const staff = await requireStaff(db, requireUser(req));
    const [visible] = await db
      .select({ id: clientes.id })
      .from(clientes)
      .where(and(eq(clientes.id, req.params.id), eq(clientes.accountId, staff.accountId), customersVisibleTo(db, staff)))
      .limit(1);
    if (!visible) throw new NotFound(CLIENTES_TEXTS.naoEncontrado);
    const c = await updateCliente(db, staff.accountId, req.params.id, req.body);
    return { id: c.id, nome: c.nome, numero: c.numero, email: c.email };
  });

  app.get('/api/clientes/:id', { schema: { params: ZClienteId, response: { 200: ZClienteDetalhe } } }, async (req) => {
    const staff = await requireStaff(db, requireUser(req));
    const [cliente] = await db
      .select()
      .from(clientes)
      .where(and(eq(clientes.id, req.params.id), eq(clientes.accountId, staff.accountId), customersVisibleTo(db, staff)))
      .limit(1);
    if (!cliente) throw new NotFound(CLIENTES_TEXTS.naoEncontrado);
    const rows = await selectAtendimentos(db, and(eq(atendimentos.clienteId, cliente.id), visibleTo(staff)))
      .orderBy(desc(atendimentos.inicio))
      .limit(HISTORICO_MAX);
    return {
      id: cliente.id,
      nome: cliente.nome,
      numero: cliente.numero,
      email: cliente.email,
      avatar: cliente.avatarUrl,
      identificador: cliente.identificador,
      atendimentos: rows.map(presentAtendimento),
    };
  });
};
