import { type TNotificacaoPreferenciasInput, type TPushInscricao, ZNotificacaoPreferencias } from '@balcao/shared/notificacoes';
import { request } from '@/lib/http';

export const getPreferencias = () => request('GET', '/api/notificacoes/preferencias', ZNotificacaoPreferencias);
export const postPush = (b: TPushInscricao) => request('POST', '/api/notificacoes/push', null, b);
export const putPreferencias = (p: TNotificacaoPreferenciasInput) =>
  request('PUT', '/api/notificacoes/preferencias', ZNotificacaoPreferencias, p);
