import { ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES } from '../../lib/policy';

const administra = roleIn('admin', 'master');

/** Spec part 1 §7: anyone sees their own numbers; everyone's, another attendant's and the overview are admin and master's. */
export const { can, authorize } = definePolicy<{ verTodos: undefined; verAtendente: { atendenteId: string }; verVisaoGeral: undefined }>(
  SOMENTE_ADMINISTRADORES,
  {
    verTodos: (u) => administra(u) || ATENDIMENTO_TEXTS.todosSomenteAdmin,
    verAtendente: (u, s) => s.atendenteId === u.id || administra(u) || ATENDIMENTO_TEXTS.outroAtendente,
    verVisaoGeral: administra,
  },
);
