import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, truncateToastDescription } from '@balcao/shared/layout';

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

/**
 * Spec part 2 §9: at most 5 toasts at once, and a dismissed toast is removed 5 s after its dismissal; until then it
 * still holds its place among the 5 (as in the spec's toast store), so a burst after a dismissal pushes out the oldest.
 */
export class ToastRegistry {
  private readonly items: { id: number; dismissed: boolean }[] = [];
  private seq = 0;

  constructor(
    private readonly schedule: (fn: () => void, ms: number) => void = (fn, ms) => void setTimeout(fn, ms),
    private readonly limit = TOAST_LIMIT,
    private readonly removeDelayMs = TOAST_REMOVE_DELAY_MS,
  ) {}

  get size() {
    return this.items.length;
  }

  /** A new toast's id, and the ids of the oldest shown toasts it pushes out (to dismiss now). */
  add(): { id: number; pushedOut: number[] } {
    const id = ++this.seq;
    this.items.unshift({ id, dismissed: false });
    const pushedOut = this.items.splice(this.limit).flatMap((t) => (t.dismissed ? [] : [t.id]));
    return { id, pushedOut };
  }

  /** Closed by the person or by its timer: removed from the store 5 s later. */
  dismissed(id: number) {
    const t = this.items.find((x) => x.id === id);
    if (!t || t.dismissed) return;
    t.dismissed = true;
    this.schedule(() => {
      const i = this.items.indexOf(t);
      if (i >= 0) this.items.splice(i, 1);
    }, this.removeDelayMs);
  }
}

const registry = new ToastRegistry();

type Kind = 'success' | 'error' | 'warning' | 'info';
const show = (kind: Kind) => (title: string, description?: string) => {
  void Promise.all([import('sonner'), requestToaster()]).then(([{ toast }]) => {
    const { id, pushedOut } = registry.add();
    for (const old of pushedOut) toast.dismiss(old);
    const dismissed = () => registry.dismissed(id);
    toast[kind](title, {
      id,
      description: description ? truncateToastDescription(description) : undefined,
      duration: TOAST_DURATION_MS,
      onDismiss: dismissed,
      onAutoClose: dismissed,
    });
  });
};

/** The spec's toasts (part 2 §9): green success, red destructive, yellow warning, cyan info; 150-character cut. */
export const toast = { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };

/** A toast that stays until acted on, with one action (the service worker's 'Atualizar'). */
export function toastComAcao(title: string, label: string, onClick: () => void) {
  void Promise.all([import('sonner'), requestToaster()]).then(([{ toast: t }]) => {
    t.info(title, { duration: Number.POSITIVE_INFINITY, action: { label, onClick } });
  });
}
