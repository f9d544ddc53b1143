import type { Page, Worker } from 'playwright-core';

/**
 * Chromium's getNotifications() deletes every stored notification the platform does not show yet (one created
 * before the call began): a read racing a showNotification() loses it for good (one run in five here). So the
 * tests learn from a spy that showNotification() resolved, and only then read what is on display.
 */
type TSpied = { __notificacoesMostradas?: string[] };

const spy = (alvo: ServiceWorkerRegistration | typeof ServiceWorkerRegistration.prototype, g: TSpied) => {
  const mostrar = alvo.showNotification;
  alvo.showNotification = async function (this: ServiceWorkerRegistration, titulo, opcoes) {
    await mostrar.call(this, titulo, opcoes);
    g.__notificacoesMostradas = [...(g.__notificacoesMostradas ?? []), titulo];
  };
};

/** An init script: the page's own notifications (features/notificacoes/eventos.ts shows them through the registration). */
export const NOTIFICATION_SPY = `(${spy.toString()})(ServiceWorkerRegistration.prototype, window)`;

/** The same spy inside the service worker, for what a push shows. */
export const spyWorker = (worker: Worker) => worker.evaluate(`(${spy.toString()})(self.registration, self)`);

/** Titles whose showNotification() has resolved, in the page or the worker. */
const MOSTRADAS = () => (globalThis as TSpied).__notificacoesMostradas ?? [];
export const shownIn = (page: Page) => page.evaluate(MOSTRADAS);
export const shownInWorker = (worker: Worker) => worker.evaluate(MOSTRADAS);

/** What the browser has on display for the page's registration: read only once shownIn says it is shown. */
export const notificationTitles = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return reg ? (await reg.getNotifications()).map((n) => n.title) : [];
  });
