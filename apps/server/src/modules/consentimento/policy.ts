import { definePolicy, roleIn, SOMENTE_ADMINISTRADORES } from '../../lib/policy';

const atende = roleIn('master', 'admin', 'atendente');

/**
 * A customer's consent: who attends customers reads it, asks for it and records an answer given elsewhere
 * (the customer's own visibility rules apply on top); admin and master set the account's opt-out words.
 */
export const { can, authorize } = definePolicy<{ ver: undefined; solicitar: undefined; registrar: undefined; configurar: undefined }>(
  SOMENTE_ADMINISTRADORES,
  {
    ver: (u) => atende(u) || 'Seu perfil não atende clientes.',
    solicitar: (u) => atende(u) || 'Seu perfil não atende clientes.',
    registrar: (u) => atende(u) || 'Seu perfil não atende clientes.',
    configurar: roleIn('master', 'admin'),
  },
);
