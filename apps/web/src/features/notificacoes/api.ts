import { z } from 'zod';
import {
  type TNotificacaoPreferenciasInput,
  type TPushInscricao,
  ZNotificacaoPreferencias,
  ZPushConfig,
} from '@balcao/shared/notificacoes';
import { request } from '@/lib/http';

export const getPreferencias = () => request('GET', '/api/notificacoes/preferencias', ZNotificacaoPreferencias);
export const getConfigPublica = () => request('GET', '/api/public/config', z.object({ push: ZPushConfig.nullable() }));
export const postPush = (b: TPushInscricao) => request('POST', '/api/notificacoes/push', null, b);
export const putPreferencias = (p: TNotificacaoPreferenciasInput) =>
  request('PUT', '/api/notificacoes/preferencias', ZNotificacaoPreferencias, p);
