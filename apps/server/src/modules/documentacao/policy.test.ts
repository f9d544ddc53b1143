import { describe, expect, it } from 'vitest';
import { DOCUMENTACAO_TEXTS as T } from '@balcao/shared/documentacao';
import { SOMENTE_ADMINISTRADORES } from '../../lib/policy';
import { ADMINS, ALL, roleTable, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('documentacao policy', () => {
  roleTable([
    { action: 'ler', allowed: ALL, ask: (u) => can(u, 'ler') },
    { action: 'escrever', allowed: ADMINS, ask: (u) => can(u, 'escrever') },
    { action: 'estatisticas', allowed: ADMINS, ask: (u) => can(u, 'estatisticas') },
  ]);

  it('each refusal has its own words', () => {
    expect(() => authorize(userOf('atendente'), 'escrever')).toThrow(T.somenteAdministradores);
    expect(() => authorize(userOf('user'), 'estatisticas')).toThrow(SOMENTE_ADMINISTRADORES);
  });
});
