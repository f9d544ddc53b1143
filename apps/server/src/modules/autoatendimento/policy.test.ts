import { describe } from 'vitest';
import { ADMINS, roleTable } from '../../test/policy-table';
import { can } from './policy';

describe('autoatendimento policy', () => {
  roleTable([
    { action: 'gerirChaves', allowed: ADMINS, ask: (u) => can(u, 'gerirChaves') },
    { action: 'resolverDeOutros', allowed: ADMINS, ask: (u) => can(u, 'resolverDeOutros') },
  ]);
});
