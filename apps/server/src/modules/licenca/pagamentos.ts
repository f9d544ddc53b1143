import { eq } from 'drizzle-orm';
import { LICENCA_MESES_POR_PAGAMENTO } from '@balcao/shared/licenca-cobranca';
import { licencaCobrancas, licencaPagamentos, type LicencaCobrancaRow } from '../../db/schema/licenca-cobrancas';
import { licencas } from '../../db/schema/licencas';
import { type Db, withTransaction } from '../../lib/db';
import { getLicenca } from './service';

/** `date` plus `months` calendar months in UTC, the day clamped to the target month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const out = new Date(date.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

/** The due date a payment made at `now` gives: one month from the later of now and the current due date. */
const vencimentoAposPagamento = (atual: Date, now: Date) =>
  addMonths(new Date(Math.max(atual.getTime(), now.getTime())), LICENCA_MESES_POR_PAGAMENTO);

export type PixAplicavel = {
  txid: string;
  endToEndId: string;
  valor: string;
  horario?: string;
  origem: 'webhook' | 'consulta' | 'operador';
};
export type Aplicacao = 'aplicado' | 'repetido' | 'ja-pago' | 'desconhecida';

/**
 * Applies one PIX received for a charge, once per endToEndId: the payment is recorded, and if the charge was not
 * paid yet it becomes paid, the licence takes the seats and tools charged and its due date moves one month on from
 * the later of today and the current due date. Told again (webhook retried, verify after the webhook, the operator
 * confirming twice), it changes nothing. A charge cancelled here but paid anyway is honoured: the money arrived.
 * `accountId` narrows the search (the operator names the account); the webhook finds the charge by txid alone.
 */
export async function aplicarPagamento(db: Db, pix: PixAplicavel, opts: { accountId?: string; now?: Date } = {}): Promise<Aplicacao> {
  const now = opts.now ?? new Date();
  return withTransaction(db, async (tx) => {
    const [cobranca] = await tx.select().from(licencaCobrancas).where(eq(licencaCobrancas.txid, pix.txid)).limit(1).for('update');
    if (!cobranca || (opts.accountId && cobranca.accountId !== opts.accountId)) return 'desconhecida';
    const horario = pix.horario && !Number.isNaN(Date.parse(pix.horario)) ? new Date(pix.horario) : null;
    const inserted = await tx
      .insert(licencaPagamentos)
      .values({
        endToEndId: pix.endToEndId,
        cobrancaId: cobranca.id,
        valor: pix.valor || (cobranca.valorCentavos / 100).toFixed(2),
        origem: pix.origem,
        horario,
      })
      .onConflictDoNothing()
      .returning({ id: licencaPagamentos.endToEndId });
    if (inserted.length === 0) return 'repetido';
    if (cobranca.status === 'pago') return 'ja-pago';
    await marcarPaga(tx, cobranca, now);
    return 'aplicado';
  });
}

async function marcarPaga(tx: Db, cobranca: LicencaCobrancaRow, now: Date): Promise<void> {
  const licenca = await getLicenca(tx, cobranca.accountId, { forUpdate: true });
  const vencimento = vencimentoAposPagamento(licenca.dataVencimento, now);
  await tx
    .update(licencaCobrancas)
    .set({ status: 'pago', pagoEm: now, vencimentoAplicado: vencimento })
    .where(eq(licencaCobrancas.id, cobranca.id));
  await tx
    .update(licencas)
    .set({
      dataVencimento: vencimento,
      numeroUsuarios: cobranca.numeroUsuarios,
      ferramentas: cobranca.ferramentas,
      pedidoNumeroUsuarios: null,
      pedidoFerramentas: null,
      updatedAt: now,
    })
    .where(eq(licencas.id, licenca.id));
}
