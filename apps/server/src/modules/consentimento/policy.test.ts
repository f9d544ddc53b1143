import { describe, expect, it } from 'vitest';
import { SOMENTE_ADMINISTRADORES } from '../../lib/policy';
import { ADMINS, roleTable, STAFF, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('consentimento policy', () => {
  roleTable([
    { action: 'ver', allowed: STAFF, ask: (u) => can(u, 'ver') },
    { action: 'solicitar', allowed: STAFF, ask: (u) => can(u, 'solicitar') },
    { action: 'registrar', allowed: STAFF, ask: (u) => can(u, 'registrar') },
    { action: 'configurar', allowed: ADMINS, ask: (u) => can(u, 'configurar') },
  ]);

  it('refuses the settings with the administration words', () => {
    expect(() => authorize(userOf('atendente'), 'configurar')).toThrow(
      expect.objectContaining({ status: 403, message: SOMENTE_ADMINISTRADORES }),
    );
  });
});
