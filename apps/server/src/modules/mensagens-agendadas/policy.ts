import { MENSAGENS_AGENDADAS_TEXTS as T } from '@balcao/shared/mensagens-agendadas';
import { definePolicy, roleIn } from '../../lib/policy';

/** Spec part 2 §6: the scheduled messages are for master and admin. */
export const { can, authorize } = definePolicy<{ gerir: undefined }>(T.somenteAdmin, {
  gerir: roleIn('admin', 'master'),
});
