import type { Page } from 'playwright-core';

/** Headless Chromium never hides a tab: the page is told it is hidden, as a switch to another tab would (an init script). */
export const HIDDEN_SWITCH = () => {
  const w = window as unknown as { __oculto?: boolean };
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => w.__oculto === true });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (w.__oculto ? 'hidden' : 'visible') });
};

export const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    (window as unknown as { __oculto?: boolean }).__oculto = h;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
