import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES } from '../../lib/policy';

/** Business hours, the away message and the channels' welcome menus are set by admin and master. */
export const { can, authorize } = definePolicy<{ configurar: undefined }>(SOMENTE_ADMINISTRADORES, {
  configurar: roleIn('admin', 'master'),
});
