import { type TNotificacaoPreferenciasInput, type TPushInscricao, ZNotificacaoPreferencias } from '@balcao/shared/notificacoes';
import { ZConfigPublica } from '@balcao/shared/config-publica';
import { request } from '@/lib/http';

export const getPreferencias = () => request('GET', '/api/notificacoes/preferencias', ZNotificacaoPreferencias);
export const getConfigPublica = () => request('GET', '/api/public/config', ZConfigPublica);
export const postPush = (b: TPushInscricao) => request('POST', '/api/notificacoes/push', null, b);
export const putPreferencias = (p: TNotificacaoPreferenciasInput) =>
  request('PUT', '/api/notificacoes/preferencias', ZNotificacaoPreferencias, p);
