import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, truncateToastDescription } from '@balcao/shared/layout';

/**
 * sonner and its <Toaster> are fetched with the first toast, keeping them out of the login route's
 * initial JS. A toast waits until the Toaster has mounted, so none is lost.
 */
let requested = false;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
const listeners = new Set<() => void>();

export const toasterMounted = () => markMounted();
export function useToasterRequested() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => requested,
    () => false,
  );
}
function requestToaster() {
  if (!requested) {
    requested = true;
    for (const l of listeners) l();
  }
  return mounted;
}

type Kind = 'success' | 'error' | 'warning' | 'info';
const show = (kind: Kind) => (title: string, description?: string) => {
  void Promise.all([import('sonner'), requestToaster()]).then(([{ toast }]) =>
    toast[kind](title, { description: description ? truncateToastDescription(description) : undefined, duration: TOAST_DURATION_MS }),
  );
};

/** The spec's toasts (part 2 §9): green success, red destructive, yellow warning, cyan info; 150-character cut. */
export const toast = { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
