import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

type TPush = { titulo: string; corpo: string; url: string; tag: string };

// The app shell (hashed scripts, styles, fonts, icons) from the cache; a new build replaces it on update.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages from the network (the server picks public pages, help centres, the SPA); offline, a page that says so.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/offline.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/backend\//] },
  ),
);

// The update prompt ('Atualizar') asks the waiting worker to take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** A tab in view already told its user (sound, title, its own notification): no second one. */
async function algumaAbaVisivel() {
  const abas = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return abas.some((c) => c.visibilityState === 'visible' && c.focused);
}

self.addEventListener('push', (event) => {
  const data = (event.data?.json() ?? null) as TPush | null;
  if (!data) return;
  event.waitUntil(
    (async () => {
      // Open tabs count it in their title and play the sound (features/notificacoes/alertas.ts).
      for (const aba of await self.clients.matchAll({ type: 'window' })) aba.postMessage({ type: 'AVISO', tag: data.tag });
      if (await algumaAbaVisivel()) return;
      await self.registration.showNotification(data.titulo, {
        body: data.corpo,
        tag: data.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/maskable-192.png',
        data: { url: data.url },
      });
    })(),
  );
});

// A click focuses a Balcão tab and opens the conversation there (or opens a new one).
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/atendimentos', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const abas = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const aba = abas.find((c) => new URL(c.url).origin === self.location.origin);
      if (aba) {
        await aba.focus();
        aba.postMessage({ type: 'ABRIR', url });
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
