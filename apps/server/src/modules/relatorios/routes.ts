import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZVisaoGeralQuery } from '@balcao/shared/dashboard';
import { ZRelatorioAtendimentosQuery } from '@balcao/shared/relatorios';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { visaoGeral } from '../dashboard/visao-geral';
import { authorize } from './policy';
import { atendimentosCsv, visaoGeralCsv } from './service';

const CSV = 'text/csv; charset=utf-8';
const anexo = (nome: string) => `attachment; filename="${nome}"`;

/** Spreadsheet exports (admin and master): the conversations of a period, streamed, and the overview's figures. */
export const relatoriosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/relatorios/atendimentos.csv', { schema: { querystring: ZRelatorioAtendimentosQuery } }, async (req, reply) => {
    const user = authorize(requireUser(req), 'exportar');
    const linhas = atendimentosCsv(ctx.db, user.accountId, req.query);
    // The first chunk is read before answering: a bad period is a 400, not a broken download.
    const first = await linhas.next();
    async function* rest() {
      if (!first.done) yield first.value;
      yield* linhas;
    }
    const nome = `atendimentos-${req.query.dataInicio.slice(0, 10)}-a-${req.query.dataFim.slice(0, 10)}.csv`;
    return reply.type(CSV).header('content-disposition', anexo(nome)).send(Readable.from(rest()));
  });

  app.get('/api/relatorios/visao-geral.csv', { schema: { querystring: ZVisaoGeralQuery } }, async (req, reply) => {
    const user = authorize(requireUser(req), 'exportar');
    const v = await visaoGeral(ctx.db, user.accountId, req.query);
    const nome = `visao-geral-${v.periodo.dataInicio}-a-${v.periodo.dataFim}.csv`;
    return reply.type(CSV).header('content-disposition', anexo(nome)).send(visaoGeralCsv(v));
  });
};
