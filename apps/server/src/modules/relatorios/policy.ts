import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES } from '../../lib/policy';

/** Exports carry the whole account's conversations and figures: admin and master, like the overview dashboard. */
export const { can, authorize } = definePolicy<{ exportar: undefined }>(SOMENTE_ADMINISTRADORES, {
  exportar: roleIn('admin', 'master'),
});
