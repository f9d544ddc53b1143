import type { TAtendimento } from '@balcao/shared/atendimentos';
import { definePolicy, roleIn } from '../../lib/policy';
import type { TSessionUser } from '../../lib/session';
import { can as canAtendimento } from '../atendimentos/policy';

type TConversa = Pick<TAtendimento, 'status' | 'departamentoId' | 'atendenteId'>;

/**
 * Notifications: every role has the internal chat, so everyone keeps preferences and registers browsers;
 * customer conversations are told only to those who would see them (the customer chat's own `ver` rule).
 */
export const { can, authorize } = definePolicy<
  { inscrever: undefined; ouvir: TConversa },
  Pick<TSessionUser, 'id' | 'role'> & { departamentoId?: string | null }
>('Seu perfil não recebe notificações.', {
  inscrever: roleIn('master', 'admin', 'atendente', 'user', 'tracker'),
  ouvir: (u, conversa) => canAtendimento(u, 'ver', conversa),
});
