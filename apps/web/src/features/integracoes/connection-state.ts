import type { TEstadoIntegracao } from '@balcao/shared/canais';
import {
  CONNECTION_MODAL_CLOSED_MS,
  CONNECTION_MODAL_LOGIN_GRACE_MS,
  CONNECTION_MODAL_REMIND_LATER_MS,
  INTEGRACOES_STORAGE,
  WHATSAPP_BANNER_DISMISS_MS,
  type TBannerWhatsApp,
} from '@balcao/shared/integracoes';

/** The WhatsApp part of GET /Integracoes/get (estadoWhatsApp); null while unknown or when the poll failed. */
export type TEstadoWhatsApp = TEstadoIntegracao | null;

/**
 * The one WhatsApp the banner and the modal speak of: either provider (Cloud API, configWhatsApp, or WhatsApp
 * Web, configWAPI) connected counts as connected; active when a connected one is active.
 */
export function estadoWhatsApp(i: { configWhatsApp: TEstadoIntegracao; configWAPI: TEstadoIntegracao }): TEstadoIntegracao {
  const cloud = i.configWhatsApp;
  const web = i.configWAPI;
  return { conectado: cloud.conectado || web.conectado, ativo: (cloud.conectado && cloud.ativo) || (web.conectado && web.ativo) };
}

/** Every /config path (the settings themselves, where the banner would point at the page already open). */
export const isConfigPath = (pathname: string) => pathname === '/config' || pathname.startsWith('/config/');

/**
 * Spec part 1 §4 'Connection banner (master)': none on any /config path, while dismissed, or when connected and
 * active; a failed poll (null) means not connected and not active.
 */
export function bannerState(a: {
  isMaster: boolean;
  pathname: string;
  dismissedUntil: number | null;
  now: number;
  whatsapp: TEstadoWhatsApp;
}): TBannerWhatsApp {
  if (!a.isMaster || isConfigPath(a.pathname)) return 'none';
  if (a.dismissedUntil !== null && a.now < a.dismissedUntil) return 'none';
  const conectado = a.whatsapp?.conectado ?? false;
  const ativo = a.whatsapp?.ativo ?? false;
  if (!conectado) return 'whatsapp_disconnected';
  return ativo ? 'none' : 'whatsapp_inactive';
}

/** The instant the banner comes back after 'close' (spec: 5 minutes). */
export const dismissUntil = (now: number) => now + WHATSAPP_BANNER_DISMISS_MS;

/**
 * Spec part 1 §4 'Connection modal (master)': only when not connected, the licence allows use, not closed within
 * the last 24 h, no remind-later active, and no login within the last 2 minutes. Balcão adds: never on /config
 * (the page the modal leads to) and never before the first status answer.
 */
export function shouldShowModal(a: {
  isMaster: boolean;
  pathname: string;
  now: number;
  /** null until the status cache has an answer. */
  isConnected: boolean | null;
  canUseFeatures: boolean;
  closedAt: number | null;
  remindUntil: number | null;
  loggedInAt: number | null;
}): boolean {
  if (!a.isMaster || isConfigPath(a.pathname)) return false;
  if (a.isConnected !== false || !a.canUseFeatures) return false;
  if (a.closedAt !== null && a.now - a.closedAt < CONNECTION_MODAL_CLOSED_MS) return false;
  if (a.remindUntil !== null && a.now < a.remindUntil) return false;
  if (a.loggedInAt !== null && a.now - a.loggedInAt < CONNECTION_MODAL_LOGIN_GRACE_MS) return false;
  return true;
}

export const remindLaterUntil = (now: number) => now + CONNECTION_MODAL_REMIND_LATER_MS;

type TStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** An epoch-ms value from storage; anything unreadable counts as absent. */
export function readEpoch(store: TStore, key: string): number | null {
  const raw = store.getItem(key);
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** Spec part 1 §4 'It resets once connected': the modal's close and remind-later marks are forgotten. */
export function resetModalMarks(store: TStore) {
  store.removeItem(INTEGRACOES_STORAGE.modalClosedAt);
  store.removeItem(INTEGRACOES_STORAGE.modalRemindUntil);
}

/** Called on every login (form or ?token=): the modal waits 2 minutes after it. */
export function markLoggedIn(store: TStore = localStorage, now = Date.now()) {
  store.setItem(INTEGRACOES_STORAGE.loggedInAt, String(now));
}
