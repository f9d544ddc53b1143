import { describe, expect, it } from 'vitest';
import { ADMINS, roleTable, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

describe('canais policy', () => {
  roleTable([
    { action: 'gerir', allowed: ADMINS, ask: (u) => can(u, 'gerir') },
    { action: 'gerirWhatsAppWeb', allowed: ADMINS, ask: (u) => can(u, 'gerirWhatsAppWeb') },
  ]);

  it('each refusal has its own words', () => {
    const atendente = userOf('atendente');
    expect(() => authorize(atendente, 'gerir')).toThrow('Apenas administradores podem gerenciar canais.');
    expect(() => authorize(atendente, 'gerirWhatsAppWeb')).toThrow('Apenas administradores podem gerenciar o WhatsApp Web.');
  });
});
