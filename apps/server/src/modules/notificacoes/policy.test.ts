import { describe, expect, it } from 'vitest';
import { ALL, ADMINS, roleTable, SELF, STAFF, userOf } from '../../test/policy-table';
import { can } from './policy';

const fila = { status: 'aguardando' as const, departamentoId: null, atendenteId: null };
const deOutro = { status: 'em_atendimento' as const, departamentoId: null, atendenteId: '00000000-0000-4000-8000-000000000009' };

describe('notificacoes policy', () => {
  roleTable([
    { action: 'inscrever', allowed: ALL, ask: (u) => can(u, 'inscrever') },
    { action: 'ouvir', subject: 'a waiting conversation of no department', allowed: STAFF, ask: (u) => can(u, 'ouvir', fila) },
    { action: 'ouvir', subject: "another's conversation", allowed: ADMINS, ask: (u) => can(u, 'ouvir', deOutro) },
    {
      action: 'ouvir',
      subject: 'own conversation',
      allowed: STAFF,
      ask: (u) => can(u, 'ouvir', { ...deOutro, atendenteId: SELF }),
    },
  ]);

  it("keeps an atendente out of another department's queue", () => {
    const u = { ...userOf('atendente'), departamentoId: 'dep-a' };
    expect(can(u, 'ouvir', { ...fila, departamentoId: 'dep-b' })).toBe(false);
    expect(can(u, 'ouvir', { ...fila, departamentoId: 'dep-a' })).toBe(true);
  });
});
