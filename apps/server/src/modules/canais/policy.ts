import { definePolicy, roleIn } from '../../lib/policy';

const administra = roleIn('admin', 'master');

/** Channels (website chat, WhatsApp numbers, WhatsApp Web) are set up by admin and master in Configurações. */
export const { can, authorize } = definePolicy<{ gerir: undefined; gerirWhatsAppWeb: undefined }>(
  'Apenas administradores podem gerenciar canais.',
  {
    gerir: administra,
    gerirWhatsAppWeb: (u) => administra(u) || 'Apenas administradores podem gerenciar o WhatsApp Web.',
  },
);
