import { describe, expect, it } from 'vitest';
import { ADMINS, roleTable, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('atendimento-automatico policy', () => {
  roleTable([{ action: 'configurar', allowed: ADMINS, ask: (u) => can(u, 'configurar') }]);

  it('refuses in Portuguese with a 403', () => {
    expect(() => authorize(userOf('atendente'), 'configurar')).toThrow(
      expect.objectContaining({ status: 403, message: 'Somente administradores podem fazer isso.' }),
    );
  });
});
