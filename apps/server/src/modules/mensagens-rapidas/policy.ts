import { MENSAGENS_RAPIDAS_TEXTS as T } from '@balcao/shared/mensagens-rapidas';
import type { MensagemRapidaRow } from '../../db/schema/mensagens-rapidas';
import { definePolicy, roleIn } from '../../lib/policy';

const administra = roleIn('admin', 'master');

/**
 * Quick messages are for those at the customer chat (master, admin, atendente). Public ones are made and
 * changed by admin and master; a personal one by its author only.
 */
export const { can, authorize } = definePolicy<{
  usar: undefined;
  publicar: undefined;
  editar: Pick<MensagemRapidaRow, 'publica' | 'usuarioId'>;
}>(T.somenteAdminPublica, {
  usar: (u) => roleIn('master', 'admin', 'atendente')(u) || T.semPermissao,
  publicar: administra,
  editar: (u, r) => (r.publica ? administra(u) : r.usuarioId === u.id),
});
