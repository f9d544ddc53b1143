import { describe } from 'vitest';
import { ADMINS, roleTable } from '../../test/policy-table';
import { can } from './policy';

describe('conta policy', () => {
  roleTable([{ action: 'alterar', allowed: ADMINS, ask: (u) => can(u, 'alterar') }]);
});
