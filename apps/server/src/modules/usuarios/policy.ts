import type { FastifyRequest } from 'fastify';
import { USUARIOS_TEXTS, rolesAtribuiveis } from '@balcao/shared/usuarios';
import type { TRole } from '@balcao/shared/roles';
import { Forbidden } from '../../lib/errors';
import { requireUser, type TSessionUser } from '../../lib/session';

/** Profile calls act on the caller only; another id (same account or not) is refused alike. */
export function assertOwnProfile(user: TSessionUser, targetId: string): void {
  if (user.id !== targetId) throw new Forbidden('Você só pode alterar o seu próprio perfil.');
}

/** Administration (users, departments, account settings, overview dashboard): admin and master only. */
export function requireAdmin(req: FastifyRequest): TSessionUser {
  const user = requireUser(req);
  if (user.role !== 'admin' && user.role !== 'master') throw new Forbidden('Somente administradores podem fazer isso.');
  return user;
}

type Target = { id: string; role: TRole; isMaster: boolean };

/** Nobody changes, deactivates or demotes the master. */
export function assertNotMaster(target: Pick<Target, 'isMaster'>): void {
  if (target.isMaster) throw new Forbidden(USUARIOS_TEXTS.masterProtegido);
}

/**
 * Giving a role: nobody makes a master; only the master makes admins or changes an admin's role; nobody
 * changes their own role. `target` is null when creating.
 */
export function assertCanGiveRole(caller: TSessionUser, role: TRole, target: Target | null): void {
  if (role === 'master') throw new Forbidden(USUARIOS_TEXTS.masterUnico);
  if (target) assertNotMaster(target);
  if (target && target.role === role) return;
  if (target && target.id === caller.id) throw new Forbidden(USUARIOS_TEXTS.naoRebaixarASiMesmo);
  const allowed = rolesAtribuiveis(caller.role);
  if (!allowed.includes(role)) throw new Forbidden(USUARIOS_TEXTS.somenteMasterFazAdmin);
  if (target && !allowed.includes(target.role)) throw new Forbidden(USUARIOS_TEXTS.somenteMasterGereAdmin);
}

/** What an admin or the master does to another user of the account. */
type Acao = 'editarIdentidade' | 'gerir';

/**
 * One rule for every action on a user: the master is untouchable; an admin's identity (e-mail, name,
 * department) and access are the master's alone, since an e-mail change hands the login over through the
 * public forgot-password. An admin acts on atendentes and users, and on themselves.
 */
export function authorize(caller: TSessionUser, _acao: Acao, target: Target): void {
  assertNotMaster(target);
  if (target.role === 'admin' && caller.role !== 'master' && target.id !== caller.id)
    throw new Forbidden(USUARIOS_TEXTS.somenteMasterGereAdmin);
}

/** Deactivating, reactivating or sending a password link: the master is untouchable; admins are the master's to manage. */
export function assertCanManage(caller: TSessionUser, target: Target): void {
  authorize(caller, 'gerir', target);
}
