import { and, desc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  FERRAMENTA_IA_NOME,
  LICENCA_COBRANCA_TEXTS as T,
  type TCobranca,
  type TConfirmaLicencaInput,
  type TDataVencimento,
  type TLicenca,
  type TLicencaInfo,
  precoLicenca,
} from '@balcao/shared/licenca-cobranca';
import { FERRAMENTA_IA } from '@balcao/shared/licenca';
import { accounts } from '../../db/schema/accounts';
import { licencaCobrancas, type LicencaCobrancaRow } from '../../db/schema/licenca-cobrancas';
import { licencas } from '../../db/schema/licencas';
import type { Db } from '../../lib/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { type LicencaPagamentos, PRECOS_PADRAO } from '../../payments/config';
import { NoPaymentProvider, type PaymentProvider, PixProviderError } from '../../payments/provider';
import { aplicarPagamento } from './pagamentos';
import { authorize } from './policy';
import { getLicenca, usedSeats } from './service';

type Deps = { db: Db; pagamentos?: LicencaPagamentos };
const SEM_PAGAMENTOS: LicencaPagamentos = { provider: null, webhook: {}, precos: PRECOS_PADRAO };
const pagamentosOf = (deps: Deps) => deps.pagamentos ?? SEM_PAGAMENTOS;

/** Every licence call is the master's; anybody else gets 403. */
export async function requireMaster(db: Db, caller: TSessionUser): Promise<void> {
  const [account] = await db
    .select({ masterUserId: accounts.masterUserId })
    .from(accounts)
    .where(eq(accounts.id, caller.accountId))
    .limit(1);
  authorize(caller, 'gerir', { masterUserId: account?.masterUserId ?? null });
}

export async function isLicencaVendaErp(db: Db, accountId: string): Promise<boolean> {
  return (await getLicenca(db, accountId)).vendaErp;
}

export async function dataVencimento(db: Db, accountId: string, now = new Date()): Promise<TDataVencimento> {
  const licenca = await getLicenca(db, accountId);
  return { dataVencimento: licenca.dataVencimento.toISOString(), isDataVencimentoFutura: licenca.dataVencimento.getTime() > now.getTime() };
}

/** GET /licenca/getlicencainfo: the operator's prices and the account's exempt users. */
export async function licencaInfo(deps: Deps, accountId: string): Promise<TLicencaInfo> {
  const { precos } = pagamentosOf(deps);
  const licenca = await getLicenca(deps.db, accountId);
  return {
    valorBase: precos.valorBase,
    valorPorUsuario: precos.valorPorUsuario,
    numeroUsuariosIsentos: licenca.numeroUsuariosIsentos,
    ferramentasDisponiveis: [{ id: FERRAMENTA_IA, nome: FERRAMENTA_IA_NOME, valor: precos.valorIa }],
  };
}

/** GET /licenca/get: the licence being contracted (the confirmed order), else the current one. */
export async function licencaContratada(db: Db, accountId: string): Promise<TLicenca> {
  const l = await getLicenca(db, accountId);
  return { numeroUsuarios: l.pedidoNumeroUsuarios ?? l.numeroUsuarios, ferramentas: l.pedidoFerramentas ?? l.ferramentas };
}

/**
 * POST /licenca/confirmalicenca: records the order the next charge is for (applied to the licence when paid). A
 * pending charge for another order is replaced (cancelled, and a new one made when a provider is configured), so
 * the charge never asks for something other than the order.
 */
export async function confirmaLicenca(deps: Deps, accountId: string, input: TConfirmaLicencaInput): Promise<TLicenca> {
  const info = await licencaInfo(deps, accountId);
  const known = new Set(info.ferramentasDisponiveis.map((f) => f.id));
  const ferramentas = [...new Set(input.FerramentasIdsSelecionadas)];
  const unknown = ferramentas.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw new BadRequest(T.ferramentaDesconhecida(unknown), { FerramentasIdsSelecionadas: [T.ferramentaDesconhecida(unknown)] });
  }
  const emUso = await usedSeats(deps.db, accountId);
  if (input.NumeroUsuarios < emUso) throw new Conflict(T.usuariosEmUso(emUso));
  await deps.db
    .update(licencas)
    .set({ pedidoNumeroUsuarios: input.NumeroUsuarios, pedidoFerramentas: ferramentas, updatedAt: new Date() })
    .where(eq(licencas.accountId, accountId));
  const atual = await pendente(deps.db, accountId);
  if (atual && !mesmoPedido(atual, { numeroUsuarios: input.NumeroUsuarios, ferramentas })) {
    const provider = pagamentosOf(deps).provider;
    if (provider) await gerarCobranca(deps, accountId);
    else await cancelarNoProvedor(deps, null, atual);
  }
  return { numeroUsuarios: input.NumeroUsuarios, ferramentas };
}

const mesmoPedido = (c: Pick<LicencaCobrancaRow, 'numeroUsuarios' | 'ferramentas'>, pedido: TLicenca) =>
  c.numeroUsuarios === pedido.numeroUsuarios && [...c.ferramentas].sort().join() === [...pedido.ferramentas].sort().join();

const latest = async (db: Db, accountId: string) =>
  (
    await db
      .select()
      .from(licencaCobrancas)
      .where(eq(licencaCobrancas.accountId, accountId))
      .orderBy(desc(licencaCobrancas.createdAt))
      .limit(1)
  )[0];

const pendente = async (db: Db, accountId: string) =>
  (
    await db
      .select()
      .from(licencaCobrancas)
      .where(and(eq(licencaCobrancas.accountId, accountId), eq(licencaCobrancas.status, 'pendente')))
      .limit(1)
  )[0];

/** The one wire shape of a charge (getcobranca and gerarcobranca); the QR image is made from the PIX code. */
export async function presentCobranca(c: LicencaCobrancaRow): Promise<TCobranca> {
  return {
    pago: c.status === 'pago',
    valor: c.valorCentavos / 100,
    dataCriacao: c.createdAt.toISOString(),
    qrCode: await QRCode.toDataURL(c.pixCopiaECola, { errorCorrectionLevel: 'M', margin: 2, width: 320 }),
    pixCopia: c.pixCopiaECola,
    numeroUsuarios: c.numeroUsuarios,
    ferramentas: c.ferramentas,
  };
}

/** GET /licenca/getcobranca: the latest charge, pending or paid; 404 when there is none or it was cancelled. */
export async function cobrancaAtual(db: Db, accountId: string): Promise<LicencaCobrancaRow> {
  const c = await latest(db, accountId);
  if (!c || c.status === 'cancelada') throw new NotFound(T.semCobranca);
  return c;
}

/**
 * POST /licenca/gerarcobranca: a charge for the confirmed order at the operator's prices. A pending charge for the
 * same order and amount is returned as it is (created: false); one for another order is cancelled first.
 */
export async function gerarCobranca(deps: Deps, accountId: string): Promise<{ cobranca: LicencaCobrancaRow; created: boolean }> {
  const provider = pagamentosOf(deps).provider;
  if (!provider) throw new NoPaymentProvider();
  const licenca = await getLicenca(deps.db, accountId);
  if (licenca.vendaErp) throw new Conflict(T.vendaErp);
  const pedido = await licencaContratada(deps.db, accountId);
  const valor = precoLicenca(await licencaInfo(deps, accountId), pedido.numeroUsuarios, pedido.ferramentas);
  const valorCentavos = Math.round(valor * 100);

  const atual = await pendente(deps.db, accountId);
  if (atual) {
    const same = atual.valorCentavos === valorCentavos && mesmoPedido(atual, pedido) && atual.provedor === provider.kind;
    if (same) return { cobranca: atual, created: false };
    await cancelarNoProvedor(deps, provider, atual);
  }

  const txid = provider.newTxid();
  const { pixCopiaECola } = await provider.createCharge({ txid, valor, descricao: 'Licença Balcão' });
  try {
    const [cobranca] = await deps.db
      .insert(licencaCobrancas)
      .values({
        accountId,
        txid,
        provedor: provider.kind,
        valorCentavos,
        numeroUsuarios: pedido.numeroUsuarios,
        ferramentas: pedido.ferramentas,
        pixCopiaECola,
      })
      .returning();
    return { cobranca: cobranca!, created: true };
  } catch (err) {
    // Two clicks at once: the other request's charge won (one pending per account); this one is withdrawn.
    const winner = await pendente(deps.db, accountId);
    if (!winner) throw err;
    await provider.cancelCharge(txid).catch(() => undefined);
    return { cobranca: winner, created: false };
  }
}

/** Reads a pending charge at the provider and applies what it reports paid; true when the charge is paid. */
async function consultarProvedor(deps: Deps, provider: PaymentProvider, c: LicencaCobrancaRow): Promise<boolean> {
  if (c.provedor !== provider.kind) return false;
  const situacao = await provider.readCharge(c.txid);
  if (!situacao) return false;
  if (situacao.status === 'CONCLUIDA') {
    for (const pix of situacao.pix) await aplicarPagamento(deps.db, { ...pix, txid: c.txid, origem: 'consulta' });
    const [now] = await deps.db.select().from(licencaCobrancas).where(eq(licencaCobrancas.id, c.id)).limit(1);
    return now?.status === 'pago';
  }
  if (situacao.status === 'REMOVIDA_PELO_PSP' || situacao.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
    // Expired or removed at the PSP: it can no longer be paid, so it no longer stands as the pending charge.
    await marcarCancelada(deps.db, c);
  }
  return false;
}

/** GET /licenca/verificarpagamento: whether the latest charge is paid, asking the provider when it can see payments. */
export async function verificarPagamento(deps: Deps, accountId: string): Promise<boolean> {
  const c = await cobrancaAtual(deps.db, accountId);
  if (c.status === 'pago') return true;
  const provider = pagamentosOf(deps).provider;
  return provider ? consultarProvedor(deps, provider, c) : false;
}

const marcarCancelada = (db: Db, c: LicencaCobrancaRow) =>
  db
    .update(licencaCobrancas)
    .set({ status: 'cancelada', canceladaEm: new Date() })
    .where(and(eq(licencaCobrancas.id, c.id), eq(licencaCobrancas.status, 'pendente')));

/** Cancels at the provider, then here; a charge the PSP says was paid meanwhile is applied and refused as paid. */
async function cancelarNoProvedor(deps: Deps, provider: PaymentProvider | null, c: LicencaCobrancaRow): Promise<void> {
  if (provider && c.provedor === provider.kind) {
    try {
      await provider.cancelCharge(c.txid);
    } catch (err) {
      if (!(err instanceof PixProviderError) || err.pspStatus !== 400) throw err;
      if (await consultarProvedor(deps, provider, c)) throw new Conflict(T.jaPaga);
      throw err;
    }
  }
  await marcarCancelada(deps.db, c);
}

/** DELETE /licenca/cancelacobranca: the pending charge can no longer be paid. */
export async function cancelarCobranca(deps: Deps, accountId: string): Promise<void> {
  const c = await latest(deps.db, accountId);
  if (c?.status === 'pago') throw new Conflict(T.jaPaga);
  if (c?.status !== 'pendente') throw new NotFound(T.semCobrancaPendente);
  await cancelarNoProvedor(deps, pagamentosOf(deps).provider, c);
}

/** The operator's ERP-sale flag (POST /backend/operador/licenca/venda-erp). */
export async function marcarVendaErp(db: Db, accountId: string, vendaErp: boolean): Promise<void> {
  await getLicenca(db, accountId);
  await db.update(licencas).set({ vendaErp, updatedAt: new Date() }).where(eq(licencas.accountId, accountId));
}

/** The operator's due date (operator API): the blocker and the API's refusals follow it at their next check. */
export async function definirVencimento(db: Db, accountId: string, vencimento: Date): Promise<void> {
  await getLicenca(db, accountId);
  await db.update(licencas).set({ dataVencimento: vencimento, updatedAt: new Date() }).where(eq(licencas.accountId, accountId));
}
