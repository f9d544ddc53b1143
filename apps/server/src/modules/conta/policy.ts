import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES } from '../../lib/policy';

/** Every user reads the account's name, logo and time zone; admin and master change them. */
export const { can, authorize } = definePolicy<{ alterar: undefined }>(SOMENTE_ADMINISTRADORES, {
  alterar: roleIn('admin', 'master'),
});
