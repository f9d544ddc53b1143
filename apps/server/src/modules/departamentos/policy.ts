import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES } from '../../lib/policy';

/** Every user lists the departments; creating, renaming, members and deleting are for admin and master. */
export const { can, authorize } = definePolicy<{ gerir: undefined }>(SOMENTE_ADMINISTRADORES, {
  gerir: roleIn('admin', 'master'),
});
