import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  formatReais,
  ZConfirmarPagamentoOperador,
  ZConfirmarPagamentoOperadorResposta,
  ZDataVencimento,
  ZIsLicencaVendaERP,
  ZVencimentoOperador,
  ZVendaErpOperador,
} from '@balcao/shared/licenca-cobranca';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import type { Db } from '../../lib/db';
import { licencaCobrancas } from '../../db/schema/licenca-cobrancas';
import { Conflict, NotFound } from '../../lib/errors';
import { dataVencimento, definirVencimento, marcarVendaErp } from './cobranca';
import { aplicarPagamento } from './pagamentos';
import { getLicenca } from './service';

async function accountId(db: Db, databaseName: string): Promise<string> {
  const [a] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.databaseName, databaseName)).limit(1);
  if (!a) throw new NotFound('Conta não encontrada.');
  return a.id;
}

/** The account's charge by txid, and what it was for: seats, tools and price in reais. */
async function pedidoDaCobranca(db: Db, accountId: string, txid: string) {
  const [c] = await db
    .select()
    .from(licencaCobrancas)
    .where(and(eq(licencaCobrancas.accountId, accountId), eq(licencaCobrancas.txid, txid)))
    .limit(1);
  if (!c) throw new NotFound('Cobrança não encontrada nesta conta.');
  return { numeroUsuarios: c.numeroUsuarios, ferramentas: c.ferramentas, valor: c.valorCentavos / 100 };
}

const centavos = (reais: number) => Math.round(reais * 100);

/**
 * The operator's licence actions, registered inside the operator API (OPERATOR_TOKEN; operator/routes.ts):
 * confirming a static PIX seen in its bank, flagging an account sold through an ERP partner, setting a due date.
 */
export const licencaOperatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/operador/licenca/confirmar-pagamento',
    { schema: { body: ZConfirmarPagamentoOperador, response: { 200: ZConfirmarPagamentoOperadorResposta } } },
    async (req) => {
      const id = await accountId(ctx.db, req.body.databaseName);
      const { txid, valor } = req.body;
      const pedido = await pedidoDaCobranca(ctx.db, id, txid);
      // A static PIX's payer writes the code: a code with this txid may carry any amount, so the bank's is checked.
      if (centavos(valor) !== centavos(pedido.valor)) {
        const ferramentas = pedido.ferramentas.length ? ` + ${pedido.ferramentas.join(', ')}` : '';
        throw new Conflict(
          `O valor recebido (${formatReais(valor)}) não é o da cobrança (${formatReais(pedido.valor)}, ${pedido.numeroUsuarios} usuários${ferramentas}): pagamento não confirmado.`,
        );
      }
      // Without the bank's end-to-end id, one per charge: confirming the same charge twice applies it once.
      const endToEndId = req.body.endToEndId ?? `OPERADOR-${txid}`;
      const pix = { txid, endToEndId, valor: valor.toFixed(2), origem: 'operador' as const };
      const result = await aplicarPagamento(ctx.db, pix, { accountId: id });
      if (result === 'desconhecida') throw new NotFound('Cobrança não encontrada nesta conta.');
      const licenca = await getLicenca(ctx.db, id);
      req.log.info({ databaseName: req.body.databaseName, txid, valor, result }, 'pagamento PIX confirmado pelo operador');
      return { pago: true as const, aplicado: result === 'aplicado', dataVencimento: licenca.dataVencimento.toISOString(), pedido };
    },
  );

  app.post('/operador/licenca/venda-erp', { schema: { body: ZVendaErpOperador, response: { 200: ZIsLicencaVendaERP } } }, async (req) => {
    await marcarVendaErp(ctx.db, await accountId(ctx.db, req.body.databaseName), req.body.vendaErp);
    return { result: req.body.vendaErp };
  });

  app.post('/operador/licenca/vencimento', { schema: { body: ZVencimentoOperador, response: { 200: ZDataVencimento } } }, async (req) => {
    const id = await accountId(ctx.db, req.body.databaseName);
    await definirVencimento(ctx.db, id, new Date(req.body.dataVencimento));
    req.log.info(
      { databaseName: req.body.databaseName, dataVencimento: req.body.dataVencimento },
      'vencimento da licença definido pelo operador',
    );
    return dataVencimento(ctx.db, id);
  });
};
