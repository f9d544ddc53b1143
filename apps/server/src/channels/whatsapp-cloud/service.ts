import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TOperadorEntregaFalha } from '@balcao/shared/operador';
import {
  WHATSAPP_TEXTS,
  type TCanalWhatsApp,
  type TCanalWhatsAppInput,
  type TCanalWhatsAppUpdate,
  type TConexaoWhatsApp,
  type TIntegracoes,
  type TTesteConexao,
} from '@balcao/shared/canais';
import { asCanal, canais, type WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { departamentos } from '../../db/schema/departamentos';
import { whatsappEventos } from '../../db/schema/whatsapp';
import type { SecretCipher } from '../../lib/cipher';
import type { Db } from '../../lib/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { isUniqueViolation } from '../../modules/departamentos/service';
import { findWapi, wapiIntegracao } from '../whatsapp-web/service';
import { type GraphClient, GraphError } from './client';
import { forgetKeptCanal } from './kept-canais';

/** What is encrypted at rest for a WhatsApp channel (canais.segredo_cifrado): never sent back to anyone. */
export type WhatsAppSecrets = { accessToken: string; appSecret: string };
const sealSecrets = (cipher: SecretCipher, s: WhatsAppSecrets) => cipher.encrypt(JSON.stringify(s));
export const openSecrets = (cipher: SecretCipher, row: Pick<WhatsAppCanalRow, 'segredoCifrado'>): WhatsAppSecrets =>
  JSON.parse(cipher.decrypt(row.segredoCifrado)) as WhatsAppSecrets;

const WEBHOOK_PATH = '/backend/webhooks/whatsapp';
const newToken = () => randomBytes(18).toString('base64url');
/** Only the token's last 4 characters, so the screen can show which one is saved. */
const mask = (token: string) => `••••${token.slice(-4)}`;

export function presentWhatsAppCanal(row: WhatsAppCanalRow, origin: string, cipher: SecretCipher): TCanalWhatsApp {
  const secrets = openSecrets(cipher, row);
  return {
    id: row.id,
    tipo: 'whatsapp',
    nome: row.nome,
    ativo: row.ativo,
    token: row.token,
    webhookUrl: `${origin}${WEBHOOK_PATH}/${row.token}`,
    config: row.config,
    accessTokenMascarado: mask(secrets.accessToken),
    appSecretDefinido: secrets.appSecret.length > 0,
    conexao: row.conexao ?? null,
    ultimoErroWebhook: row.ultimoErroWebhook ?? null,
    entregasComFalha: row.entregasComFalha,
    criadoEm: row.createdAt.toISOString(),
  };
}

const asWhatsApp = (row: ReturnType<typeof asCanal> | undefined): WhatsAppCanalRow => {
  if (row?.tipo !== 'whatsapp') throw new NotFound(WHATSAPP_TEXTS.canalNaoEncontrado);
  return row;
};

async function checkDepartamento(db: Db, accountId: string, id: string | null) {
  if (!id) return;
  const [dep] = await db
    .select({ id: departamentos.id })
    .from(departamentos)
    .where(and(eq(departamentos.id, id), eq(departamentos.accountId, accountId)))
    .limit(1);
  if (!dep) throw new BadRequest('Departamento não encontrado.', { departamentoPadraoId: ['Departamento não encontrado.'] });
}

export async function listWhatsAppCanais(db: Db, accountId: string): Promise<WhatsAppCanalRow[]> {
  const rows = await db
    .select()
    .from(canais)
    .where(and(eq(canais.accountId, accountId), eq(canais.tipo, 'whatsapp'), isNull(canais.removidoEm)));
  return rows.map((r) => asWhatsApp(asCanal(r)));
}

export async function getWhatsAppCanal(db: Db, accountId: string, id: string): Promise<WhatsAppCanalRow> {
  const [row] = await db
    .select()
    .from(canais)
    .where(and(eq(canais.id, id), eq(canais.accountId, accountId), isNull(canais.removidoEm)))
    .limit(1);
  return asWhatsApp(row && asCanal(row));
}

/** The channel of a webhook URL (paused ones too: Meta keeps delivering statuses of what was sent). */
export async function findWhatsAppCanalByToken(db: Db, token: string): Promise<WhatsAppCanalRow | null> {
  const [row] = await db
    .select()
    .from(canais)
    .where(and(eq(canais.token, token), eq(canais.tipo, 'whatsapp'), isNull(canais.removidoEm)))
    .limit(1);
  return row ? asWhatsApp(asCanal(row)) : null;
}

/** The channel of a WhatsApp number (Meta's metadata.phone_number_id): at most one in the installation. */
export async function findWhatsAppCanalByNumero(db: Db, phoneNumberId: string): Promise<WhatsAppCanalRow | null> {
  const [row] = await db
    .select()
    .from(canais)
    .where(and(sql`${canais.config}->>'phoneNumberId' = ${phoneNumberId}`, eq(canais.tipo, 'whatsapp'), isNull(canais.removidoEm)))
    .limit(1);
  return row ? asWhatsApp(asCanal(row)) : null;
}

export async function createWhatsAppCanal(db: Db, cipher: SecretCipher, accountId: string, input: TCanalWhatsAppInput) {
  await checkDepartamento(db, accountId, input.departamentoPadraoId);
  const [row] = await numeroLivre(() =>
    db
      .insert(canais)
      .values({
        accountId,
        tipo: 'whatsapp',
        nome: input.nome,
        ativo: input.ativo,
        token: newToken(),
        segredoCifrado: sealSecrets(cipher, { accessToken: input.accessToken, appSecret: input.appSecret }),
        config: {
          phoneNumberId: input.phoneNumberId,
          wabaId: input.wabaId,
          verifyToken: input.verifyToken,
          departamentoPadraoId: input.departamentoPadraoId,
        },
      })
      .returning(),
  );
  return asWhatsApp(asCanal(row!));
}

/** A write that a number already used by another channel (of any account) makes a 409 with a clear reason. */
async function numeroLivre<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(WHATSAPP_TEXTS.numeroEmUso);
    throw err;
  }
}

/** Empty secrets keep the stored ones; a new token or number forgets the last connection test. */
export async function updateWhatsAppCanal(db: Db, cipher: SecretCipher, accountId: string, id: string, input: TCanalWhatsAppUpdate) {
  const before = await getWhatsAppCanal(db, accountId, id);
  await checkDepartamento(db, accountId, input.departamentoPadraoId);
  const old = openSecrets(cipher, before);
  const secrets = { accessToken: input.accessToken || old.accessToken, appSecret: input.appSecret || old.appSecret };
  const changed = secrets.accessToken !== old.accessToken || input.phoneNumberId !== before.config.phoneNumberId;
  const [row] = await numeroLivre(() =>
    db
      .update(canais)
      .set({
        nome: input.nome,
        ativo: input.ativo,
        segredoCifrado: sealSecrets(cipher, secrets),
        config: {
          phoneNumberId: input.phoneNumberId,
          wabaId: input.wabaId,
          verifyToken: input.verifyToken,
          departamentoPadraoId: input.departamentoPadraoId,
        },
        ...(changed ? { conexao: null } : {}),
      })
      .where(and(eq(canais.id, id), eq(canais.accountId, accountId)))
      .returning(),
  );
  forgetKeptCanal(db, before.token);
  return asWhatsApp(asCanal(row!));
}

/** Records how the last contact with Meta went (a test, a send): Integrações' 'conectado' reads it. */
export async function recordConexao(db: Db, canalId: string, conexao: Omit<TConexaoWhatsApp, 'em'>) {
  await db
    .update(canais)
    .set({ conexao: { ...conexao, em: new Date().toISOString() } })
    .where(eq(canais.id, canalId));
}

/** 'Testar conexão': reads the number from the Graph API; the result is also the channel's connection state. */
export async function testConexao(db: Db, cipher: SecretCipher, graph: GraphClient, row: WhatsAppCanalRow): Promise<TTesteConexao> {
  try {
    const n = await graph.phoneNumber(row.config.phoneNumberId, openSecrets(cipher, row).accessToken);
    const numero = n.display_phone_number ?? row.config.phoneNumberId;
    const nomeVerificado = n.verified_name ?? '';
    await recordConexao(db, row.id, { ok: true, erro: null, numero, nomeVerificado });
    return { ok: true, numero, nomeVerificado };
  } catch (err) {
    const erro = err instanceof GraphError ? err.message : 'Não foi possível falar com o Meta.';
    await recordConexao(db, row.id, {
      ok: false,
      erro,
      numero: row.conexao?.numero ?? null,
      nomeVerificado: row.conexao?.nomeVerificado ?? null,
    });
    return { ok: false, erro };
  }
}

/**
 * Spec part 1 §3 'Integrations result': WhatsApp (Cloud API) is connected when a channel is configured and
 * its last contact with Meta succeeded, active when such a channel is not paused. configWAPI follows the
 * WhatsApp Web session; userId is the id its messaging API knows this account by (the account's id).
 */
export async function integracoes(db: Db, accountId: string): Promise<TIntegracoes> {
  const rows = await listWhatsAppCanais(db, accountId);
  const connected = rows.filter((r) => r.conexao?.ok === true);
  return {
    configWhatsApp: { conectado: connected.length > 0, ativo: connected.some((r) => r.ativo) },
    configWAPI: wapiIntegracao(await findWapi(db, accountId)),
    userId: accountId,
  };
}

/** Most failed deliveries the operator's list answers. */
const FALHAS_LISTADAS = 200;

/** The latest deliveries given up on, every account's, with their reasons (the operator's list). */
export async function listEntregasComFalha(db: Db): Promise<TOperadorEntregaFalha[]> {
  const rows = await db
    .select({
      id: whatsappEventos.id,
      accountId: whatsappEventos.accountId,
      canalId: whatsappEventos.canalId,
      recebidoEm: whatsappEventos.recebidoEm,
      erro: whatsappEventos.erro,
    })
    .from(whatsappEventos)
    .where(and(isNotNull(whatsappEventos.processadoEm), isNotNull(whatsappEventos.erro)))
    .orderBy(desc(whatsappEventos.recebidoEm))
    .limit(FALHAS_LISTADAS);
  return rows.map((r) => ({ ...r, recebidoEm: r.recebidoEm.toISOString(), erro: r.erro ?? '' }));
}
