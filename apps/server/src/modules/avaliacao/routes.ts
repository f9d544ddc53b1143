import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import { atendimentos } from '../../db/schema/atendimentos';
import { users } from '../../db/schema/users';
import { Conflict, NotFound } from '../../lib/errors';

const AVALIACAO_TEXTS = {
  invalido: 'Link de avaliação inválido.',
  jaAvaliado: 'Este atendimento já foi avaliado.',
  aberto: 'Este atendimento ainda não foi finalizado.',
  obrigado: 'Obrigado pela sua avaliação!',
} as const;
const COMENTARIO_MAX = 500;
const ZParams = z.object({ databaseName: z.string().max(60), atendimentoId: z.string().max(60) });
/** The token of the customer's link (TokenService.ratingToken): without it no one reads or rates. */
const ZToken = z.string().max(200).optional();
const ZAvaliar = z.object({
  token: ZToken,
  nota: z.number({ error: 'Escolha de 1 a 5 estrelas.' }).int().min(1, 'Escolha de 1 a 5 estrelas.').max(5, 'Escolha de 1 a 5 estrelas.'),
  comentario: z.string().trim().max(COMENTARIO_MAX, `Use no máximo ${COMENTARIO_MAX} caracteres.`).optional(),
});

/**
 * The customer's rating page: the link is the account's name, the atendimento's id and the token that only
 * the customer received (staff know the id, never the token). A wrong or missing token is an invalid link.
 */
export const avaliacaoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const find = async (p: z.infer<typeof ZParams>, token: string | undefined) => {
    if (!z.uuid().safeParse(p.atendimentoId).success) throw new NotFound(AVALIACAO_TEXTS.invalido);
    if (!token || !ctx.tokens.ratingTokenMatches(p.atendimentoId, token)) throw new NotFound(AVALIACAO_TEXTS.invalido);
    const [row] = await db
      .select({ a: atendimentos, empresa: accounts.nome, atendenteNome: users.nome })
      .from(atendimentos)
      .innerJoin(accounts, eq(accounts.id, atendimentos.accountId))
      .leftJoin(users, eq(users.id, atendimentos.atendenteId))
      .where(and(eq(atendimentos.id, p.atendimentoId), eq(accounts.databaseName, p.databaseName)))
      .limit(1);
    if (!row) throw new NotFound(AVALIACAO_TEXTS.invalido);
    return row;
  };

  app.get(
    '/api/public/avaliacao/:databaseName/:atendimentoId',
    { schema: { params: ZParams, querystring: z.object({ token: ZToken }) } },
    async (req) => {
      const { a, empresa, atendenteNome } = await find(req.params, req.query.token);
      const status = a.status !== 'finalizado' ? 'aberto' : a.avaliadoEm ? 'avaliado' : 'pendente';
      return { empresa, ticket: a.ticket, atendenteNome, status, nota: a.nota, comentario: a.comentario };
    },
  );

  app.post('/api/public/avaliacao/:databaseName/:atendimentoId', { schema: { params: ZParams, body: ZAvaliar } }, async (req) => {
    const { a } = await find(req.params, req.body.token);
    if (a.status !== 'finalizado') throw new Conflict(AVALIACAO_TEXTS.aberto);
    const [rated] = await db
      .update(atendimentos)
      .set({ nota: req.body.nota, comentario: req.body.comentario || null, avaliadoEm: new Date() })
      .where(and(eq(atendimentos.id, a.id), isNull(atendimentos.avaliadoEm)))
      .returning({ id: atendimentos.id });
    if (!rated) throw new Conflict(AVALIACAO_TEXTS.jaAvaliado);
    return { message: AVALIACAO_TEXTS.obrigado };
  });
};
