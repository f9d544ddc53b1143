import { describe, expect, it } from 'vitest';
import { MENSAGENS_RAPIDAS_TEXTS as T } from '@balcao/shared/mensagens-rapidas';
import { ADMINS, ALL, NONE, OTHER, roleTable, SELF, STAFF, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('mensagens-rapidas policy', () => {
  roleTable([
    { action: 'usar', allowed: STAFF, ask: (u) => can(u, 'usar') },
    { action: 'publicar', allowed: ADMINS, ask: (u) => can(u, 'publicar') },
    { action: 'editar', subject: 'public', allowed: ADMINS, ask: (u) => can(u, 'editar', { publica: true, usuarioId: OTHER }) },
    { action: 'editar', subject: 'own personal', allowed: ALL, ask: (u) => can(u, 'editar', { publica: false, usuarioId: SELF }) },
    { action: 'editar', subject: "another's personal", allowed: NONE, ask: (u) => can(u, 'editar', { publica: false, usuarioId: OTHER }) },
  ]);

  it('each refusal has its own words', () => {
    expect(() => authorize(userOf('tracker'), 'usar')).toThrow(T.semPermissao);
    expect(() => authorize(userOf('atendente'), 'publicar')).toThrow(T.somenteAdminPublica);
  });
});
