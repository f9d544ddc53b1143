import { randomBytes } from 'node:crypto';
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { TEXTS as AUTH_TEXTS, PASSWORD_RESET_TTL_S } from '@balcao/shared/auth';
import {
  CONVITE_TTL_S,
  ONLINE_JANELA_MS,
  USUARIOS_TEXTS,
  type TUsuarioAdmin,
  type TUsuarioInput,
  type TUsuariosQuery,
} from '@balcao/shared/usuarios';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import { passwordResetTokens } from '../../db/schema/auth';
import { departamentos } from '../../db/schema/departamentos';
import { users, type UserRow } from '../../db/schema/users';
import { type Db, withTransaction } from '../../lib/db';
import { Conflict, NotFound, TooManyRequests } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { TSessionUser } from '../../lib/session';
import { newOpaqueToken } from '../../lib/tokens';
import { endUserSessions } from '../auth/sessions';
import { moveDepartmentRooms } from '../departamentos/rooms';
import { isUniqueViolation } from '../departamentos/service';
import { reserveSeat, takesSeat } from '../licenca/service';
import { forgetInscritos } from '../notificacoes/destinatarios';
import { MARCA_PADRAO, marcaDaConta } from '../white-labels/service';
import { authorize } from './policy';
import { isUuid } from './service';

type Ctx = Pick<AppContext, 'db' | 'io' | 'mailer' | 'publicUrl'>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The users table: filters by text, role, department and status; online state and last activity. */
export async function listUsuarios(
  db: Db,
  accountId: string,
  q: TUsuariosQuery & { id?: string },
  now = new Date(),
): Promise<TUsuarioAdmin[]> {
  const busca = q.busca ? `%${escapeLike(q.busca)}%` : null;
  const convite = db
    .select({ one: sql`1` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, users.id), eq(passwordResetTokens.tipo, 'convite'), isNull(passwordResetTokens.usedAt)));
  const rows = await db
    .select({
      user: users,
      departamento: departamentos.nome,
      masterUserId: accounts.masterUserId,
      convitePendente: sql<boolean>`exists ${convite}`,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(departamentos, eq(departamentos.id, users.departamentoId))
    .where(
      and(
        eq(users.accountId, accountId),
        q.id ? eq(users.id, q.id) : undefined,
        busca ? or(ilike(users.nome, busca), ilike(users.email, busca)) : undefined,
        q.role ? eq(users.role, q.role) : undefined,
        q.departamentoId ? eq(users.departamentoId, q.departamentoId) : undefined,
        q.status ? eq(users.ativo, q.status === 'ativo') : undefined,
      ),
    )
    .orderBy(asc(users.nome), asc(users.email));
  return rows.map((r) => presentUsuarioAdmin(r.user, r.departamento, r.masterUserId, Boolean(r.convitePendente), now));
}

function presentUsuarioAdmin(
  u: UserRow,
  departamento: string | null,
  masterUserId: string | null,
  convitePendente: boolean,
  now = new Date(),
): TUsuarioAdmin {
  const isMaster = u.id === masterUserId;
  return {
    id: u.id,
    nome: u.nome,
    email: u.email,
    role: u.role,
    ehMaster: isMaster,
    departamentoIds: u.departamentoId ? [u.departamentoId] : [],
    departamentos: u.departamentoId && departamento ? [{ id: u.departamentoId, nome: departamento }] : [],
    fotoUrl: u.fotoUrl,
    status: u.ativo ? 'ativo' : 'inativo',
    online: u.ativo && u.online && !!u.lastHeartbeatAt && now.getTime() - u.lastHeartbeatAt.getTime() < ONLINE_JANELA_MS,
    ultimaAtividade: u.lastHeartbeatAt?.toISOString() ?? null,
    convitePendente,
    ocupaAssento: takesSeat({ role: u.role, ativo: u.ativo, isMaster }),
    criadoEm: u.createdAt.toISOString(),
  };
}

async function getUsuarioAdmin(db: Db, accountId: string, id: string): Promise<TUsuarioAdmin> {
  const [row] = isUuid(id) ? await listUsuarios(db, accountId, { id }) : [];
  if (!row) throw new NotFound(USUARIOS_TEXTS.naoEncontrado);
  return row;
}

/** The user (404 for an unknown id or another account's) with whether they are the account's master. */
async function loadTarget(tx: Db, accountId: string, id: string, forUpdate = false) {
  if (!isUuid(id)) throw new NotFound(USUARIOS_TEXTS.naoEncontrado);
  const q = tx
    .select({ user: users, masterUserId: accounts.masterUserId })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, id), eq(users.accountId, accountId)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: users }) : await q;
  if (!row) throw new NotFound(USUARIOS_TEXTS.naoEncontrado);
  return { ...row.user, isMaster: row.user.id === row.masterUserId };
}

async function assertDepartamentos(tx: Db, accountId: string, ids: string[]): Promise<string | null> {
  const id = ids[0] ?? null;
  if (!id) return null;
  const [dep] = await tx
    .select({ id: departamentos.id })
    .from(departamentos)
    .where(and(eq(departamentos.id, id), eq(departamentos.accountId, accountId)))
    .limit(1);
  if (!dep) throw new NotFound(USUARIOS_TEXTS.departamentoInexistente);
  return dep.id;
}

/** The 409 that tells an admin an e-mail exists in another account (docs/seguranca.md): throttled per address. */
class EmailDeOutraConta extends Conflict {
  constructor() {
    super(USUARIOS_TEXTS.emailEmUso);
  }
}

async function assertEmailLivre(tx: Db, accountId: string, email: string, exceptId?: string) {
  const [taken] = await tx.select({ id: users.id, accountId: users.accountId }).from(users).where(eq(users.email, email)).limit(1);
  if (!taken || taken.id === exceptId) return;
  throw taken.accountId === accountId ? new Conflict(USUARIOS_TEXTS.emailEmUso) : new EmailDeOutraConta();
}

/**
 * Login is by e-mail alone, so an e-mail is unique across accounts and a taken one answers 409 even when another
 * account has it. That answer is rate-limited like a failed login of the caller's address.
 */
export async function comLimiteDeSondagem<T>(ctx: Pick<AppContext, 'throttle'>, ip: string, work: () => Promise<T>): Promise<T> {
  if (await ctx.throttle.isAddressBlocked(ip)) throw new TooManyRequests(AUTH_TEXTS.tooManyAttempts);
  try {
    return await work();
  } catch (err) {
    if (err instanceof EmailDeOutraConta) await ctx.throttle.failByAddress(ip);
    throw err;
  }
}

/**
 * A single-use link to set a password, through the one reset page (`/resetar-senha?token=`): 'convite'
 * links last 7 days, 'reset' ones 1 hour. Issuing one removes the user's earlier unused links.
 */
async function sendPasswordLink(ctx: Ctx, user: Pick<UserRow, 'id' | 'nome' | 'email' | 'accountId'>, tipo: 'convite' | 'reset') {
  const { db, mailer } = ctx;
  const [{ origin, nome: marca }, contaNome] = await Promise.all([marcaDaConta(ctx, user.accountId), nomeDaConta(db, user.accountId)]);
  const token = newOpaqueToken();
  const ttl = tipo === 'convite' ? CONVITE_TTL_S : PASSWORD_RESET_TTL_S;
  await withTransaction(db, async (tx) => {
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: token.hash, tipo, expiresAt: new Date(Date.now() + ttl * 1000) });
  });
  const link = `${origin}/resetar-senha?token=${token.value}${tipo === 'convite' ? '&convite=1' : ''}`;
  if (tipo === 'convite') {
    await mailer.send({
      to: user.email,
      subject: `${marca}: você foi convidado para ${contaNome}`,
      text: `Olá, ${user.nome}.\n\nVocê foi cadastrado no ${marca} de "${contaNome}".\nPara criar sua senha, abra o link abaixo (válido por 7 dias, uma única vez):\n${link}\n\nDepois, entre por ${origin}/login com o e-mail ${user.email}.`,
    });
  } else {
    await mailer.send({
      to: user.email,
      subject: `${marca}: redefinição de senha`,
      text: `Olá, ${user.nome}.\n\nUm administrador de "${contaNome}" pediu uma nova senha para você. Para criá-la, abra o link abaixo (válido por 1 hora, uma única vez):\n${link}\n\nSua senha atual continua valendo até você criar a nova.`,
    });
  }
}

async function nomeDaConta(db: Db, accountId: string) {
  const [a] = await db.select({ nome: accounts.nome }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return a?.nome ?? MARCA_PADRAO;
}

/** POST /api/usuarios: the user, a seat if their role takes one, and the invitation e-mail. */
export async function createUsuario(ctx: Ctx, caller: TSessionUser, input: TUsuarioInput): Promise<TUsuarioAdmin> {
  authorize(caller, 'darPapel', { role: input.role, target: null });
  // An unusable password until the invitation is used: a random one nobody knows, hashed like any other.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  let created: UserRow;
  try {
    created = await withTransaction(ctx.db, async (tx) => {
      await assertEmailLivre(tx, caller.accountId, input.email);
      const departamentoId = await assertDepartamentos(tx, caller.accountId, input.departamentoIds);
      if (takesSeat({ role: input.role, ativo: true, isMaster: false })) await reserveSeat(tx, caller.accountId);
      const [row] = await tx
        .insert(users)
        .values({ accountId: caller.accountId, nome: input.nome, email: input.email, role: input.role, departamentoId, passwordHash })
        .returning();
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(USUARIOS_TEXTS.emailEmUso);
    throw err;
  }
  await sendPasswordLink(ctx, created, 'convite');
  return getUsuarioAdmin(ctx.db, caller.accountId, created.id);
}

/** PUT /api/usuarios/{id}: name, e-mail, role (seat and role rules) and department. */
export async function updateUsuario(ctx: Ctx, caller: TSessionUser, id: string, input: TUsuarioInput): Promise<TUsuarioAdmin> {
  let before: UserRow & { isMaster: boolean };
  try {
    before = await withTransaction(ctx.db, async (tx) => {
      const target = await loadTarget(tx, caller.accountId, id, true);
      authorize(caller, 'editarIdentidade', target);
      authorize(caller, 'darPapel', { role: input.role, target });
      await assertEmailLivre(tx, caller.accountId, input.email, target.id);
      const departamentoId = await assertDepartamentos(tx, caller.accountId, input.departamentoIds);
      const wasSeat = takesSeat(target);
      if (!wasSeat && takesSeat({ role: input.role, ativo: target.ativo, isMaster: false }))
        await reserveSeat(tx, caller.accountId, target.id);
      await tx
        .update(users)
        .set({ nome: input.nome, email: input.email, role: input.role, departamentoId })
        .where(and(eq(users.id, target.id), eq(users.accountId, caller.accountId)));
      return target;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(USUARIOS_TEXTS.emailEmUso);
    throw err;
  }
  const depId = input.departamentoIds[0] ?? null;
  // The role is in the user's access token: a new role takes effect by signing in again (sessions end now).
  const previousRole = before.role;
  if (previousRole !== input.role) await endUserSessions(ctx, before.id);
  else if (before.departamentoId !== depId) moveDepartmentRooms(ctx.io, [{ userId: before.id, from: before.departamentoId, to: depId }]);
  return getUsuarioAdmin(ctx.db, caller.accountId, id);
}

/** Deactivation: no login, no seat, sessions and sockets ended at once; history (atendimentos, messages) stays. */
export async function desativarUsuario(ctx: Ctx, caller: TSessionUser, id: string): Promise<TUsuarioAdmin> {
  await withTransaction(ctx.db, async (tx) => {
    const target = await loadTarget(tx, caller.accountId, id, true);
    authorize(caller, 'desativar', target);
    if (!target.ativo) return;
    await tx
      .update(users)
      .set({ ativo: false, desativadoEm: new Date(), online: false })
      .where(and(eq(users.id, target.id), eq(users.accountId, caller.accountId)));
  });
  await endUserSessions(ctx, id);
  forgetInscritos(caller.accountId);
  return getUsuarioAdmin(ctx.db, caller.accountId, id);
}

export async function reativarUsuario(ctx: Ctx, caller: TSessionUser, id: string): Promise<TUsuarioAdmin> {
  await withTransaction(ctx.db, async (tx) => {
    const target = await loadTarget(tx, caller.accountId, id, true);
    authorize(caller, 'gerir', target);
    if (target.ativo) return;
    if (takesSeat({ ...target, ativo: true })) await reserveSeat(tx, caller.accountId, target.id);
    await tx
      .update(users)
      .set({ ativo: true, desativadoEm: null })
      .where(and(eq(users.id, target.id), eq(users.accountId, caller.accountId)));
  });
  return getUsuarioAdmin(ctx.db, caller.accountId, id);
}

/** An admin sends a user a link to set a new password: a new invitation if they never signed in. */
export async function redefinirSenha(ctx: Ctx, caller: TSessionUser, id: string): Promise<void> {
  const target = await loadTarget(ctx.db, caller.accountId, id);
  authorize(caller, 'gerir', target);
  const tipo = target.lastHeartbeatAt ? 'reset' : 'convite';
  await sendPasswordLink(ctx, target, tipo);
}
