import { USUARIOS_TEXTS, rolesAtribuiveis } from '@balcao/shared/usuarios';
import type { TRole } from '@balcao/shared/roles';
import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES, type Verdict } from '../../lib/policy';
import type { TSessionUser } from '../../lib/session';

const administra = roleIn('admin', 'master');

type Target = { id: string; role: TRole; isMaster: boolean };

/**
 * One rule for every action on another user: the master is untouchable; an admin's identity (e-mail, name,
 * department) and access are the master's alone, since an e-mail change hands the login over through the
 * public forgot-password. An admin acts on atendentes and users, and on themselves.
 */
function manage(caller: TSessionUser, target: Target): Verdict {
  if (!administra(caller)) return false;
  if (target.isMaster) return USUARIOS_TEXTS.masterProtegido;
  return target.role !== 'admin' || caller.role === 'master' || target.id === caller.id || USUARIOS_TEXTS.somenteMasterGereAdmin;
}

/**
 * Giving a role: nobody makes a master; only the master makes admins or changes an admin's role; nobody
 * changes their own role. `target` is null when creating.
 */
function giveRole(caller: TSessionUser, { role, target }: { role: TRole; target: Target | null }): Verdict {
  if (!administra(caller)) return false;
  if (role === 'master') return USUARIOS_TEXTS.masterUnico;
  if (target?.isMaster) return USUARIOS_TEXTS.masterProtegido;
  if (target && target.role === role) return true;
  if (target && target.id === caller.id) return USUARIOS_TEXTS.naoRebaixarASiMesmo;
  const allowed = rolesAtribuiveis(caller.role);
  if (!allowed.includes(role)) return USUARIOS_TEXTS.somenteMasterFazAdmin;
  return !target || allowed.includes(target.role) || USUARIOS_TEXTS.somenteMasterGereAdmin;
}

/**
 * Users: administration is admin and master's; a profile is its owner's only (another id, of the same account
 * or not, is refused alike); deactivating also refuses oneself.
 */
export const { can, authorize } = definePolicy<{
  administrar: undefined;
  alterarPerfil: { id: string };
  editarIdentidade: Target;
  gerir: Target;
  desativar: Target;
  darPapel: { role: TRole; target: Target | null };
}>(SOMENTE_ADMINISTRADORES, {
  administrar: administra,
  alterarPerfil: (u, perfil) => perfil.id === u.id || 'Você só pode alterar o seu próprio perfil.',
  editarIdentidade: manage,
  gerir: manage,
  desativar: (u, target) => (target.isMaster || target.id !== u.id ? manage(u, target) : USUARIOS_TEXTS.naoDesativarASiMesmo),
  darPapel: giveRole,
});
