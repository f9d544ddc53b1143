import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES } from '../../lib/policy';

/**
 * Every staff user reads the account's labels (rows show them); creating, renaming and deleting them is for
 * admin and master. Putting labels on a conversation follows the conversation's own rule (who sees it).
 */
export const { can, authorize } = definePolicy<{ gerir: undefined }>(SOMENTE_ADMINISTRADORES, {
  gerir: roleIn('admin', 'master'),
});
