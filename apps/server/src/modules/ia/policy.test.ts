import { describe, expect, it } from 'vitest';
import { IA_TEXTS } from '@balcao/shared/ia';
import { ADMINS, roleTable, STAFF, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('ia policy', () => {
  roleTable([
    { action: 'usar', allowed: STAFF, ask: (u) => can(u, 'usar') },
    { action: 'configurar', allowed: ADMINS, ask: (u) => can(u, 'configurar') },
    { action: 'verUso', allowed: ADMINS, ask: (u) => can(u, 'verUso') },
  ]);

  it('each refusal has its own words', () => {
    expect(() => authorize(userOf('user'), 'usar')).toThrow(IA_TEXTS.semPermissao);
    expect(() => authorize(userOf('atendente'), 'configurar')).toThrow(IA_TEXTS.somenteAdministradores);
  });
});
