import { describe, expect, it } from 'vitest';
import { TRACKER_TEXTS as T } from '@balcao/shared/tracker';
import { ADMINS, ALL, OTHER, roleTable, SELF, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('tracker policy', () => {
  roleTable([
    { action: 'usar', allowed: ALL, ask: (u) => can(u, 'usar') },
    { action: 'gerirColunas', allowed: ADMINS, ask: (u) => can(u, 'gerirColunas') },
    { action: 'publicar', allowed: ADMINS, ask: (u) => can(u, 'publicar') },
    { action: 'excluir', subject: 'own task', allowed: ALL, ask: (u) => can(u, 'excluir', { criadoPorId: SELF }) },
    { action: 'excluir', subject: "another's task", allowed: ADMINS, ask: (u) => can(u, 'excluir', { criadoPorId: OTHER }) },
    { action: 'moderar', subject: 'own round', allowed: ALL, ask: (u) => can(u, 'moderar', { moderadorId: SELF }) },
    { action: 'moderar', subject: "another's round", allowed: ADMINS, ask: (u) => can(u, 'moderar', { moderadorId: OTHER }) },
    { action: 'removerAnexo', subject: 'own file', allowed: ALL, ask: (u) => can(u, 'removerAnexo', { autorId: SELF }) },
    { action: 'removerAnexo', subject: "another's file", allowed: ADMINS, ask: (u) => can(u, 'removerAnexo', { autorId: OTHER }) },
  ]);

  it('each refusal has its own words', () => {
    expect(() => authorize(userOf('atendente'), 'publicar')).toThrow(T.somenteAdministradores);
    expect(() => authorize(userOf('tracker'), 'excluir', { criadoPorId: OTHER })).toThrow(T.somenteAutorOuAdmin);
    expect(() => authorize(userOf('user'), 'moderar', { moderadorId: null })).toThrow(T.somenteModerador);
    expect(() => authorize(userOf('tracker'), 'removerAnexo', { autorId: OTHER })).toThrow(T.somenteAutorDoAnexoOuAdmin);
  });
});
