import { TRACKER_TEXTS as T } from '@balcao/shared/tracker';
import { definePolicy, roleIn } from '../../lib/policy';

const administra = roleIn('admin', 'master');

/**
 * Every role that sees Tracker (all five) reads and writes its account's tasks, comments and votes. Admin and
 * master shape the board and share tasks publicly; a task is deleted by its author or an admin; a voting
 * round is revealed and closed by whoever opened it or an admin; a file is removed by whoever sent it or an admin.
 */
export const { can, authorize } = definePolicy<{
  usar: undefined;
  gerirColunas: undefined;
  publicar: undefined;
  excluir: { criadoPorId: string | null };
  moderar: { moderadorId: string | null };
  removerAnexo: { autorId: string | null };
}>(T.somenteAdministradores, {
  usar: roleIn('master', 'admin', 'atendente', 'user', 'tracker'),
  gerirColunas: administra,
  publicar: administra,
  excluir: (u, t) => administra(u) || t.criadoPorId === u.id || T.somenteAutorOuAdmin,
  moderar: (u, v) => administra(u) || v.moderadorId === u.id || T.somenteModerador,
  removerAnexo: (u, a) => administra(u) || a.autorId === u.id || T.somenteAutorDoAnexoOuAdmin,
});
