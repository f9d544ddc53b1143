import { and, count, eq, inArray, ne } from 'drizzle-orm';
import {
  LICENCA_DIAS_INICIAIS,
  LICENCA_EXPIRADA,
  LICENCA_PADRAO,
  LICENCA_TEXTS,
  ROLES_COM_ASSENTO,
  isFerramentaIA,
  type TLicencaStatus,
} from '@balcao/shared/licenca';
import type { TRole } from '@balcao/shared/roles';
import { accounts } from '../../db/schema/accounts';
import { licencas, type LicencaRow } from '../../db/schema/licencas';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { AppError, Conflict } from '../../lib/errors';

const DAY_MS = 86_400_000;

/** The licence every new account starts with: the standard seats, active for 30 days. */
export async function createLicenca(tx: Db, accountId: string, now = new Date()): Promise<LicencaRow> {
  const [row] = await tx
    .insert(licencas)
    .values({
      accountId,
      numeroUsuarios: LICENCA_PADRAO.numeroUsuarios,
      numeroUsuariosIsentos: LICENCA_PADRAO.numeroUsuariosIsentos,
      ferramentas: [],
      dataVencimento: new Date(now.getTime() + LICENCA_DIAS_INICIAIS * DAY_MS),
    })
    .onConflictDoNothing({ target: licencas.accountId })
    .returning();
  if (row) return row;
  const [existing] = await tx.select().from(licencas).where(eq(licencas.accountId, accountId)).limit(1);
  return existing!;
}

/**
 * The account's licence. An account opened before licences existed gets the initial one on first read,
 * counted from the account's creation (so an old account is not handed 30 fresh days).
 */
export async function getLicenca(db: Db, accountId: string, opts: { forUpdate?: boolean } = {}): Promise<LicencaRow> {
  const q = db.select().from(licencas).where(eq(licencas.accountId, accountId)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (row) return row;
  const [account] = await db.select({ createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  await createLicenca(db, accountId, account?.createdAt ?? new Date());
  return getLicenca(db, accountId, opts);
}

export const takesSeat = (u: { role: TRole; ativo: boolean; isMaster: boolean }) =>
  u.ativo && !u.isMaster && (ROLES_COM_ASSENTO as readonly string[]).includes(u.role);

/** Seats in use: active admin and atendente users; the master exempt; user and tracker take none. */
export async function usedSeats(db: Db, accountId: string, exceptUserId?: string): Promise<number> {
  const [account] = await db.select({ masterUserId: accounts.masterUserId }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.ativo, true),
        inArray(users.role, [...ROLES_COM_ASSENTO]),
        account?.masterUserId ? ne(users.id, account.masterUserId) : undefined,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The one seat check of user creation, reactivation and role change: run inside the transaction that makes
 * the change, it locks the licence row (two admins at once cannot both take the last seat) and refuses with
 * 409 when the user (`userId`, not counted twice) taking a seat would pass the licence's number of users.
 */
export async function reserveSeat(tx: Db, accountId: string, userId?: string): Promise<void> {
  const licenca = await getLicenca(tx, accountId, { forUpdate: true });
  const used = await usedSeats(tx, accountId, userId);
  if (used + 1 > licenca.numeroUsuarios) throw new Conflict(LICENCA_TEXTS.limiteAtingido(licenca.numeroUsuarios));
}

/** GET /Licenca/status (spec part 1 §3) from the account's record; `caller` decides isUserExempt. */
export async function licencaStatus(
  db: Db,
  caller: { accountId: string; id: string; role: TRole },
  now = new Date(),
): Promise<TLicencaStatus> {
  const licenca = await getLicenca(db, caller.accountId);
  const used = await usedSeats(db, caller.accountId);
  const [account] = await db
    .select({ masterUserId: accounts.masterUserId })
    .from(accounts)
    .where(eq(accounts.id, caller.accountId))
    .limit(1);
  const active = licenca.dataVencimento.getTime() > now.getTime();
  const isMaster = account?.masterUserId === caller.id;
  return {
    hasActiveSubscription: active,
    availableSlots: Math.max(0, licenca.numeroUsuarios - used),
    totalSlots: licenca.numeroUsuarios,
    usedSlots: used,
    canUseFeatures: active,
    canUseIA: active && licenca.ferramentas.some(isFerramentaIA),
    isUserExempt: !takesSeat({ role: caller.role, ativo: true, isMaster }),
    hasActiveLicense: active,
    dataVencimento: licenca.dataVencimento.toISOString(),
    numeroUsuariosIsentos: licenca.numeroUsuariosIsentos,
    isLicencaVendaERP: licenca.vendaErp,
    usuariosAlemDoLimite: Math.max(0, used - licenca.numeroUsuarios),
    avisoLimite: isMaster && used > licenca.numeroUsuarios ? LICENCA_TEXTS.acimaDoLimite(used, licenca.numeroUsuarios) : null,
  };
}

/**
 * Customer-facing work (sending, resending, accepting) needs a licence that is not past its due date, unless an
 * ERP partner sold it (renewed there, never blocked here). Inbound messages are never refused: they are the
 * customers', and stay stored for when the licence is renewed; reading, finishing and transferring stay allowed.
 */
export async function assertLicencaAtiva(db: Db, accountId: string, now = new Date()): Promise<void> {
  assertLicencaVigente(await getLicenca(db, accountId), now);
}

/** assertLicencaAtiva on a licence already read (with the caller's other checks, in one query). */
export function assertLicencaVigente(licenca: Pick<LicencaRow, 'vendaErp' | 'dataVencimento'>, now = new Date()): void {
  if (!licenca.vendaErp && licenca.dataVencimento.getTime() <= now.getTime())
    throw new AppError(402, LICENCA_EXPIRADA, LICENCA_TEXTS.expirada);
}
