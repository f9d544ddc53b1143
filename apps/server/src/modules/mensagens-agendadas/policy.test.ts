import { describe, expect, it } from 'vitest';
import { MENSAGENS_AGENDADAS_TEXTS as T } from '@balcao/shared/mensagens-agendadas';
import { ADMINS, roleTable, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('mensagens-agendadas policy', () => {
  roleTable([{ action: 'gerir', allowed: ADMINS, ask: (u) => can(u, 'gerir') }]);

  it('refuses with the scheduled messages words', () => {
    expect(() => authorize(userOf('user'), 'gerir')).toThrow(expect.objectContaining({ status: 403, message: T.somenteAdmin }));
  });
});
