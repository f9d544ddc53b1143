import { eq } from 'drizzle-orm';
import { isFerramentaIA } from '@balcao/shared/licenca';
import { IA_TEXTS, type TIaConfig, type TIaConfigSalvo, type TIaEstado, type TIaTeste } from '@balcao/shared/ia';
import type { AppContext } from '../../context';
import { iaConfig, type IaConfigRow } from '../../db/schema/ia';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { getLicenca } from '../licenca/service';
import { completeChat, type IaDefaults, type Provedor, providerError } from './provider';

const SEM_PADRAO: IaDefaults = { baseUrl: null, apiKey: null, modelo: null, modeloTranscricao: null, limiteTokensMes: null };
export const defaultsOf = (ctx: Pick<AppContext, 'ia'>): IaDefaults => ctx.ia ?? SEM_PADRAO;

export async function configRow(db: Db, accountId: string): Promise<IaConfigRow | null> {
  const [row] = await db.select().from(iaConfig).where(eq(iaConfig.accountId, accountId)).limit(1);
  return row ?? null;
}

/** The licence's AI tool, on a licence within its term (the licence status's canUseIA). */
export async function licenciado(db: Db, accountId: string, now = new Date()): Promise<boolean> {
  const l = await getLicenca(db, accountId);
  return l.dataVencimento.getTime() > now.getTime() && l.ferramentas.some(isFerramentaIA);
}

/** 402 without the AI tool: nothing else about AI answers before it. */
export async function assertLicenciado(db: Db, accountId: string) {
  if (!(await licenciado(db, accountId))) throw new AppError(402, 'IA_SEM_LICENCA', IA_TEXTS.semLicenca);
}

/**
 * Where an account's calls go: its own base URL (with its own key, or none: Ollama, vLLM) or the operator's
 * (with the operator's key unless the account gave one); null when no base URL or model applies.
 */
export function provedorDe(ctx: Pick<AppContext, 'ia' | 'cipher'>, row: IaConfigRow | null): Provedor | null {
  const d = defaultsOf(ctx);
  const baseUrl = row?.baseUrl ?? d.baseUrl;
  const modelo = row?.modelo ?? d.modelo;
  if (!baseUrl || !modelo) return null;
  const apiKey = row?.chaveCifrada ? ctx.cipher.decrypt(row.chaveCifrada) : row?.baseUrl ? null : d.apiKey;
  return { baseUrl, apiKey, modelo, modeloTranscricao: row?.modeloTranscricao ?? d.modeloTranscricao };
}

export async function requireProvedor(ctx: AppContext, accountId: string): Promise<{ provedor: Provedor; row: IaConfigRow | null }> {
  const row = await configRow(ctx.db, accountId);
  const provedor = provedorDe(ctx, row);
  if (!provedor) throw new AppError(409, 'IA_SEM_PROVEDOR', IA_TEXTS.semProvedor);
  return { provedor, row };
}

/** Enough of a key for its owner to recognise it, never enough to use it. */
const mascarar = (chave: string) => (chave.length > 12 ? `${chave.slice(0, 3)}…${chave.slice(-4)}` : '••••');

export async function presentConfig(ctx: AppContext, accountId: string): Promise<TIaConfig> {
  const row = await configRow(ctx.db, accountId);
  const d = defaultsOf(ctx);
  return {
    baseUrl: row?.baseUrl ?? null,
    modelo: row?.modelo ?? null,
    modeloTranscricao: row?.modeloTranscricao ?? null,
    chaveMascarada: row?.chaveCifrada ? mascarar(ctx.cipher.decrypt(row.chaveCifrada)) : null,
    ocultarDadosPessoais: row?.ocultarDadosPessoais ?? true,
    transcreverAutomatico: row?.transcreverAutomatico ?? false,
    padrao: { baseUrl: d.baseUrl, modelo: d.modelo, modeloTranscricao: d.modeloTranscricao },
    configurado: provedorDe(ctx, row) !== null,
    licenciado: await licenciado(ctx.db, accountId),
  };
}

/** The panel's state for any attendant. */
export async function estadoIa(ctx: AppContext, accountId: string): Promise<TIaEstado> {
  return { licenciado: await licenciado(ctx.db, accountId), configurado: provedorDe(ctx, await configRow(ctx.db, accountId)) !== null };
}

/** Saves what was given; the key is written only when one is sent ('' removes it). */
export async function saveConfig(ctx: AppContext, accountId: string, v: TIaConfigSalvo): Promise<TIaConfig> {
  const set: Partial<typeof iaConfig.$inferInsert> = { updatedAt: new Date() };
  if (v.baseUrl !== undefined) set.baseUrl = v.baseUrl;
  if (v.modelo !== undefined) set.modelo = v.modelo;
  if (v.modeloTranscricao !== undefined) set.modeloTranscricao = v.modeloTranscricao;
  if (v.chave !== undefined) set.chaveCifrada = v.chave ? ctx.cipher.encrypt(v.chave) : null;
  if (v.ocultarDadosPessoais !== undefined) set.ocultarDadosPessoais = v.ocultarDadosPessoais;
  if (v.transcreverAutomatico !== undefined) set.transcreverAutomatico = v.transcreverAutomatico;
  await ctx.db
    .insert(iaConfig)
    .values({ accountId, ...set })
    .onConflictDoUpdate({ target: iaConfig.accountId, set });
  return presentConfig(ctx, accountId);
}

/** 'Testar': one short call with the settings in force, and what the provider answered, in Portuguese. */
export async function testarProvedor(ctx: AppContext, accountId: string): Promise<TIaTeste> {
  const { provedor } = await requireProvedor(ctx, accountId);
  try {
    const r = await completeChat(provedor, [
      { role: 'system', content: 'Responda em português do Brasil, em poucas palavras.' },
      { role: 'user', content: 'Teste de conexão: responda apenas "Funcionando".' },
    ]);
    return { ok: true, mensagem: IA_TEXTS.testeOk(provedor.modelo, r.texto.trim().slice(0, 200)) };
  } catch (err) {
    return { ok: false, mensagem: providerError(err).message };
  }
}
