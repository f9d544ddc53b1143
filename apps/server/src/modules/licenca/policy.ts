import { LICENCA_COBRANCA_TEXTS as T } from '@balcao/shared/licenca-cobranca';
import { definePolicy } from '../../lib/policy';

/** Every licence call (seeing, paying) is the account holder's: the master user of the account, whatever the role says. */
export const { can, authorize } = definePolicy<{ gerir: { masterUserId: string | null } }>(T.soMaster, {
  gerir: (u, account) => account.masterUserId === u.id,
});
