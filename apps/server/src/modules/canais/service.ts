import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TCanalWidgetInput } from '@balcao/shared/canais';
import { DOCUMENTACAO_TEXTS } from '@balcao/shared/documentacao';
import { asCanal, canais, type CanalRow, type WidgetCanalRow } from '../../db/schema/atendimentos';
import { departamentos } from '../../db/schema/departamentos';
import { documentacaoCentrais } from '../../db/schema/documentacao';
import type { SecretCipher } from '../../lib/cipher';
import type { Db } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';
import { forgetKeptCanal } from '../../channels/whatsapp-cloud/kept-canais';

const NOT_FOUND = 'Canal não encontrado.';
const CENTRAL_NAO_ENCONTRADA = DOCUMENTACAO_TEXTS.centralNaoEncontrada;
const newToken = () => randomBytes(18).toString('base64url');
const newSecret = () => randomBytes(32).toString('hex');

/** Every department named in the settings, and the help centre, must be the account's own. */
async function checkDepartamentos(db: Db, accountId: string, input: TCanalWidgetInput) {
  if (input.centralId) {
    const [c] = await db
      .select({ id: documentacaoCentrais.id })
      .from(documentacaoCentrais)
      .where(and(eq(documentacaoCentrais.id, input.centralId), eq(documentacaoCentrais.accountId, accountId)));
    if (!c) throw new BadRequest(CENTRAL_NAO_ENCONTRADA, { centralId: [CENTRAL_NAO_ENCONTRADA] });
  }
  const ids = [...new Set([...input.departamentoIds, ...(input.departamentoPadraoId ? [input.departamentoPadraoId] : [])])];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: departamentos.id })
    .from(departamentos)
    .where(and(eq(departamentos.accountId, accountId), inArray(departamentos.id, ids)));
  if (found.length !== ids.length)
    throw new BadRequest('Departamento não encontrado.', { departamentoIds: ['Departamento não encontrado.'] });
}

const splitInput = ({ nome, ativo, ...config }: TCanalWidgetInput) => ({ nome, ativo, config });

export async function listCanais(db: Db, accountId: string): Promise<CanalRow[]> {
  const rows = await db
    .select()
    .from(canais)
    .where(and(eq(canais.accountId, accountId), isNull(canais.removidoEm)))
    .orderBy(asc(canais.createdAt));
  return rows.map(asCanal);
}

export async function getCanal(db: Db, accountId: string, id: string): Promise<CanalRow> {
  const [row] = await db
    .select()
    .from(canais)
    .where(and(eq(canais.id, id), eq(canais.accountId, accountId), isNull(canais.removidoEm)))
    .limit(1);
  if (!row) throw new NotFound(NOT_FOUND);
  return asCanal(row);
}

const asWidget = (row: CanalRow): WidgetCanalRow => {
  if (row.tipo !== 'widget') throw new NotFound(NOT_FOUND);
  return row;
};

export async function createWidgetCanal(db: Db, cipher: SecretCipher, accountId: string, input: TCanalWidgetInput) {
  await checkDepartamentos(db, accountId, input);
  const [row] = await db
    .insert(canais)
    .values({ accountId, tipo: 'widget', token: newToken(), segredoCifrado: cipher.encrypt(newSecret()), ...splitInput(input) })
    .returning();
  return asWidget(asCanal(row!));
}

const sameSites = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((o, i) => o === b[i]);

/**
 * The saved channel, and whether its open visitor sockets must end: it was paused, or its allowed sites
 * changed (the handshake checked the old ones).
 */
export async function updateWidgetCanal(db: Db, accountId: string, id: string, input: TCanalWidgetInput) {
  const before = asWidget(await getCanal(db, accountId, id));
  await checkDepartamentos(db, accountId, input);
  const [row] = await db
    .update(canais)
    .set(splitInput(input))
    .where(and(eq(canais.id, id), eq(canais.accountId, accountId)))
    .returning();
  const after = asWidget(asCanal(row!));
  return { row: after, closeSockets: !after.ativo || !sameSites(before.config.origensPermitidas, after.config.origensPermitidas) };
}

export async function rotateSecret(db: Db, cipher: SecretCipher, accountId: string, id: string) {
  asWidget(await getCanal(db, accountId, id));
  const [row] = await db
    .update(canais)
    .set({ segredoCifrado: cipher.encrypt(newSecret()) })
    .where(eq(canais.id, id))
    .returning();
  return asWidget(asCanal(row!));
}

/** Kept (its atendimentos point to it) but gone from lists, and its snippet stops working. */
export async function removeCanal(db: Db, accountId: string, id: string) {
  const { token } = await getCanal(db, accountId, id);
  await db.update(canais).set({ removidoEm: new Date(), ativo: false }).where(eq(canais.id, id));
  forgetKeptCanal(db, token);
}
