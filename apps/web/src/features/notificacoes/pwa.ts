import { registerSW } from 'virtual:pwa-register';
import { NOTIFICACOES_TEXTS as T } from '@balcao/shared/notificacoes';
import { toastComAcao } from '@/lib/toast';
import { countAviso } from './alertas';
import { getConfigPublica } from '@/lib/config-publica';
import { getPreferencias, postPush } from './api';

/** base64url (the VAPID public key) to the bytes PushManager.subscribe wants. */
const bytes = (b64: string) => Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

let registro: Promise<ServiceWorkerRegistration | undefined> | null = null;

/**
 * The service worker, registered once from the signed-in shell (this module is loaded lazily, never by the
 * login page); a new deployment waits until the attendant chooses 'Atualizar', so nothing typed is lost.
 */
export function registerApp(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registro ??= new Promise((resolve) => {
    const atualizar = registerSW({
      onNeedRefresh: () => toastComAcao(T.novaVersao, T.atualizar, () => void atualizar(true)),
      onRegisteredSW: (_url, reg) => resolve(reg),
      onRegisterError: () => resolve(undefined),
    });
  });
  return registro;
}

/** This browser subscribed to Web Push for this user, when the user allows notifications and wants push. */
export async function subscribePush(): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const reg = await registerApp();
  if (!reg?.pushManager) return;
  const [config, prefs] = await Promise.all([getConfigPublica(), getPreferencias()]);
  if (!config.push || !prefs.push) return;
  await navigator.serviceWorker.ready;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(config.push.vapidPublicKey) }));
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await postPush({ subscription: { endpoint: json.endpoint, keys: json.keys } });
}

/** Asked when the attendant goes Online for the first time (never on page load): then this browser subscribes. */
export async function askPermissao(): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  if ((await Notification.requestPermission()) === 'granted') await subscribePush();
}

/**
 * The service worker's messages: a click on a notification opens its conversation in this tab; a push that
 * arrived counts in the title (and chimes, when the user keeps the sound on) while the tab is hidden.
 */
export function listenServiceWorker(abrir: (url: string) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const on = (e: MessageEvent) => {
    const d = e.data as { type?: string; url?: string; tag?: string } | null;
    if (d?.type === 'ABRIR' && d.url) abrir(d.url);
    // The socket has usually told this tab already: the title counts each conversation once.
    if (d?.type === 'AVISO' && d.tag && document.hidden) countAviso(d.tag);
  };
  navigator.serviceWorker.addEventListener('message', on);
  return () => navigator.serviceWorker.removeEventListener('message', on);
}
