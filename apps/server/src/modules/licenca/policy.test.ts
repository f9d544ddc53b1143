import { describe, expect, it } from 'vitest';
import { LICENCA_COBRANCA_TEXTS as T } from '@balcao/shared/licenca-cobranca';
import { ALL, NONE, OTHER, roleTable, SELF, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

// The licence is the account holder's: the user the account names as master decides, not the role.
describe('licenca policy', () => {
  roleTable([
    { action: 'gerir', subject: 'holder', allowed: ALL, ask: (u) => can(u, 'gerir', { masterUserId: SELF }) },
    { action: 'gerir', subject: 'not holder', allowed: NONE, ask: (u) => can(u, 'gerir', { masterUserId: OTHER }) },
    { action: 'gerir', subject: 'no holder', allowed: NONE, ask: (u) => can(u, 'gerir', { masterUserId: null }) },
  ]);

  it('refuses with the licence words', () => {
    expect(() => authorize(userOf('admin'), 'gerir', { masterUserId: OTHER })).toThrow(T.soMaster);
  });
});
