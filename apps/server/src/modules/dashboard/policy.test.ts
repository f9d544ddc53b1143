import { describe, expect, it } from 'vitest';
import { ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import { ADMINS, ALL, OTHER, roleTable, SELF, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('dashboard policy', () => {
  roleTable([
    { action: 'verAtendente', subject: 'own', allowed: ALL, ask: (u) => can(u, 'verAtendente', { atendenteId: SELF }) },
    { action: 'verAtendente', subject: 'another', allowed: ADMINS, ask: (u) => can(u, 'verAtendente', { atendenteId: OTHER }) },
    { action: 'verTodos', allowed: ADMINS, ask: (u) => can(u, 'verTodos') },
    { action: 'verVisaoGeral', allowed: ADMINS, ask: (u) => can(u, 'verVisaoGeral') },
  ]);

  it('each refusal has its own words', () => {
    const atendente = userOf('atendente');
    expect(() => authorize(atendente, 'verTodos')).toThrow(ATENDIMENTO_TEXTS.todosSomenteAdmin);
    expect(() => authorize(atendente, 'verAtendente', { atendenteId: OTHER })).toThrow(ATENDIMENTO_TEXTS.outroAtendente);
    expect(() => authorize(atendente, 'verVisaoGeral')).toThrow('Somente administradores podem fazer isso.');
  });
});
