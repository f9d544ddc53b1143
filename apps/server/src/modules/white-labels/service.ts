import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { CONTA_TEXTS, LOGO_MAX_BYTES } from '@balcao/shared/conta';
import type { TWhiteLabel, TWhiteLabelInput, TWhiteLabelPublico } from '@balcao/shared/white-label';
import { ZWhiteLabelInput } from '@balcao/shared/white-label';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import { whiteLabels, type WhiteLabelRow } from '../../db/schema/white-labels';
import type { Db } from '../../lib/db';
import { BadRequest, Conflict, NotFound, PayloadTooLarge, UnsupportedMedia } from '../../lib/errors';
import { storeUpload } from '../../lib/uploads';

const NAO_ENCONTRADO = 'White label não encontrado.';
const LOGO_TIPOS = ['image/png', 'image/jpeg', 'image/webp'];

const presentWhiteLabel = (w: WhiteLabelRow): TWhiteLabel => ({
  id: w.id,
  nome: w.nome,
  hosts: w.hosts,
  corPrimaria: w.corPrimaria,
  publicUrl: w.publicUrl,
  logoUrl: w.logoUrl,
});
/** What anyone may read (the login page): no hosts, no public URL. */
export const presentPublico = (w: WhiteLabelRow): TWhiteLabelPublico => ({
  id: w.id,
  nome: w.nome,
  corPrimaria: w.corPrimaria,
  logoUrl: w.logoUrl ? `/backend/api/public/white-labels/${w.id}/logo` : null,
});

export async function whiteLabelById(db: Db, id: string) {
  const [w] = await db.select().from(whiteLabels).where(eq(whiteLabels.id, id)).limit(1);
  return w ?? null;
}

/** The white label whose hosts include this one (case-insensitive, with or without the port), or null. */
export async function whiteLabelOfHost(db: Db, host: string | undefined): Promise<WhiteLabelRow | null> {
  if (!host) return null;
  const h = host.toLowerCase();
  const names = [...new Set([h, h.replace(/:\d+$/, '')])];
  const [w] = await db
    .select()
    .from(whiteLabels)
    .where(
      sql`jsonb_exists_any(${whiteLabels.hosts}, array[${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[])`,
    )
    .limit(1);
  return w ?? null;
}

/** No host may belong to two white labels: the Host would pick either. */
async function assertHostsFree(db: Db, id: string, hosts: string[]) {
  for (const host of hosts) {
    const other = await whiteLabelOfHost(db, host);
    if (other && other.id !== id) throw new Conflict(`O host ${host} já pertence ao white label ${other.id}.`);
  }
}

export async function createWhiteLabel(db: Db, input: TWhiteLabelInput) {
  const w = ZWhiteLabelInput.parse(input);
  if (await whiteLabelById(db, w.id)) throw new Conflict('Já existe um white label com este id.');
  await assertHostsFree(db, w.id, w.hosts);
  const [row] = await db
    .insert(whiteLabels)
    .values({
      id: w.id,
      nome: w.nome,
      hosts: w.hosts,
      corPrimaria: w.corPrimaria ?? null,
      publicUrl: w.publicUrl?.replace(/\/+$/, '') ?? null,
    })
    .returning();
  return presentWhiteLabel(row!);
}

export async function updateWhiteLabel(db: Db, id: string, input: Omit<TWhiteLabelInput, 'id'>) {
  const w = ZWhiteLabelInput.parse({ ...input, id });
  await assertHostsFree(db, id, w.hosts);
  const [row] = await db
    .update(whiteLabels)
    .set({ nome: w.nome, hosts: w.hosts, corPrimaria: w.corPrimaria ?? null, publicUrl: w.publicUrl?.replace(/\/+$/, '') ?? null })
    .where(eq(whiteLabels.id, id))
    .returning();
  if (!row) throw new NotFound(NAO_ENCONTRADO);
  return presentWhiteLabel(row);
}

/** The logo as sent (PNG, JPEG or WebP by its bytes, never SVG), stored in the uploads' storage (disk or bucket). */
export async function setWhiteLabelLogo(ctx: Pick<AppContext, 'db' | 'storage'>, id: string, bytes: Buffer) {
  if (!(await whiteLabelById(ctx.db, id))) throw new NotFound(NAO_ENCONTRADO);
  if (!bytes.length) throw new BadRequest('O arquivo está vazio.');
  if (bytes.length > LOGO_MAX_BYTES) throw new PayloadTooLarge(CONTA_TEXTS.logoTamanho);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !LOGO_TIPOS.includes(type.mime)) throw new UnsupportedMedia(CONTA_TEXTS.logoTipo);
  const url = await storeUpload(ctx.storage, 'white-labels', bytes, type.ext);
  const [row] = await ctx.db.update(whiteLabels).set({ logoUrl: url }).where(eq(whiteLabels.id, id)).returning();
  return presentWhiteLabel(row!);
}

/** Puts an account under a white label (or back under the product's own brand with null). */
export async function assignWhiteLabel(db: Db, databaseName: string, whiteLabelId: string | null) {
  if (whiteLabelId !== null && !(await whiteLabelById(db, whiteLabelId))) throw new NotFound(NAO_ENCONTRADO);
  const [row] = await db
    .update(accounts)
    .set({ whiteLabelId })
    .where(eq(accounts.databaseName, databaseName))
    .returning({ databaseName: accounts.databaseName, whiteLabelId: accounts.whiteLabelId });
  if (!row) throw new NotFound('Conta não encontrada.');
  return row;
}

/** The product's own name, where an account has no white label. */
export const MARCA_PADRAO = 'Balcão';

/**
 * How an account's e-mails and links present the product: its white label's name and own public URL when it
 * has them, else 'Balcão' and PUBLIC_URL. Never the request's Host (a client sets it).
 */
export async function marcaDaConta(ctx: Pick<AppContext, 'db' | 'publicUrl'>, accountId: string) {
  const [r] = await ctx.db
    .select({ url: whiteLabels.publicUrl, nome: whiteLabels.nome })
    .from(accounts)
    .innerJoin(whiteLabels, eq(whiteLabels.id, accounts.whiteLabelId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return { origin: r?.url ?? ctx.publicUrl, nome: r?.nome ?? MARCA_PADRAO };
}

/** Where an account's links point: its white label's own public URL when it has one, else PUBLIC_URL. */
export async function linkOriginOf(ctx: Pick<AppContext, 'db' | 'publicUrl'>, accountId: string): Promise<string> {
  return (await marcaDaConta(ctx, accountId)).origin;
}
