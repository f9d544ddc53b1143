import { describe, expect, it } from 'vitest';
import { ADMINS, roleTable, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('relatorios policy', () => {
  roleTable([{ action: 'exportar', allowed: ADMINS, ask: (u) => can(u, 'exportar') }]);

  it('refuses in Portuguese with a 403', () => {
    expect(() => authorize(userOf('atendente'), 'exportar')).toThrow(
      expect.objectContaining({ status: 403, message: 'Somente administradores podem fazer isso.' }),
    );
  });
});
