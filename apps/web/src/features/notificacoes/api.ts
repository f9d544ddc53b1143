import { z } from 'zod';
import {
  ZNotificacaoPreferencias,
  ZPushConfig,
  type TNotificacaoPreferencias,
  type TNotificacaoPreferenciasInput,
  type TPushInscricao,
} from '@balcao/shared/notificacoes';
import { request } from '@/lib/http';

export const getPreferencias = () => request('GET', '/api/notificacoes/preferencias', ZNotificacaoPreferencias);
export const putPreferencias = (p: TNotificacaoPreferenciasInput): Promise<TNotificacaoPreferencias> =>
  request('PUT', '/api/notificacoes/preferencias', ZNotificacaoPreferencias, p);
export const getConfigPublica = () => request('GET', '/api/public/config', z.object({ push: ZPushConfig.nullable() }));
export const postPush = (b: TPushInscricao) => request('POST', '/api/notificacoes/push', null, b);
export const deletePush = (b: TPushInscricao) => request('DELETE', '/api/notificacoes/push', null, b);
