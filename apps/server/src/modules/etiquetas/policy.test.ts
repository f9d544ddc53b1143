import { describe, expect, it } from 'vitest';
import { ADMINS, roleTable, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('etiquetas policy', () => {
  roleTable([{ action: 'gerir', allowed: ADMINS, ask: (u) => can(u, 'gerir') }]);

  it('refuses in Portuguese with a 403', () => {
    expect(() => authorize(userOf('atendente'), 'gerir')).toThrow(
      expect.objectContaining({ status: 403, message: 'Somente administradores podem fazer isso.' }),
    );
  });
});
