import { IA_TEXTS } from '@balcao/shared/ia';
import { definePolicy, roleIn } from '../../lib/policy';

/**
 * The AI assistant is for those at the customer chat (master, admin, atendente); the provider settings and
 * the month's usage are for admin and master.
 */
export const { can, authorize } = definePolicy<{ usar: undefined; configurar: undefined; verUso: undefined }>(IA_TEXTS.semPermissao, {
  usar: roleIn('master', 'admin', 'atendente'),
  configurar: (u) => roleIn('master', 'admin')(u) || IA_TEXTS.somenteAdministradores,
  verUso: (u) => roleIn('master', 'admin')(u) || IA_TEXTS.somenteAdministradores,
});
