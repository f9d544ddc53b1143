import type { TRole } from '@balcao/shared/roles';
import type { TUsuarioAdmin } from '@balcao/shared/usuarios';

export type TCaller = { id: string; role: TRole };

/**
 * What the caller may do to a row (the server's rules): nobody touches the master; only the master
 * changes an administrator; nobody deactivates themselves. The server decides; this only hides what it would refuse.
 */
export function permissoesSobre(caller: TCaller, alvo: TUsuarioAdmin) {
  const protegido = alvo.ehMaster || (alvo.role === 'admin' && caller.role !== 'master');
  const siMesmo = alvo.id === caller.id;
  return {
    protegido,
    editar: !protegido,
    mudarPapel: !protegido && !siMesmo,
    desativar: !protegido && !siMesmo && alvo.status === 'ativo',
    reativar: !protegido && alvo.status === 'inativo',
    redefinirSenha: !protegido && alvo.status === 'ativo',
  };
}
