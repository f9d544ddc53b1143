import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '@balcao/shared/auth';
import { SINGLE_TAB_TEXTS, TAB_HEARTBEAT_MS } from '@balcao/shared/layout';
import { toast } from '@/lib/toast';
import { initialState, markerFor, observe, takeOver, type TabMarker, type TabState } from './machine';

const readMarker = (): TabMarker | null => {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.activeTab) ?? 'null');
  } catch {
    return null;
  }
};
const writeMarker = (m: TabMarker | null) => m && localStorage.setItem(STORAGE_KEYS.activeTab, JSON.stringify(m));

/** The single-tab guard (spec part 1 §4): heartbeat 1 s, stale after 5 s, 2 s grace, and its two toasts. */
export function useSingleTab(enabled: boolean) {
  const state = useRef<TabState | null>(null);
  const [active, setActive] = useState(true);

  const apply = useCallback((next: TabState, effect: 'becameInactive' | 'becameActive' | null) => {
    state.current = next;
    setActive(next.status === 'active');
    if (effect === 'becameInactive') toast.warning(SINGLE_TAB_TEXTS.inactiveToast);
    if (effect === 'becameActive') toast.success(SINGLE_TAB_TEXTS.activeToast);
    writeMarker(markerFor(next, Date.now()));
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const tabId = crypto.randomUUID();
    apply(initialState(tabId, readMarker(), Date.now()), null);
    const tick = () => {
      if (!state.current) return;
      const { state: next, effect } = observe(state.current, readMarker(), Date.now());
      apply(next, effect);
    };
    const id = window.setInterval(tick, TAB_HEARTBEAT_MS);
    const onStorage = (e: StorageEvent) => e.key === STORAGE_KEYS.activeTab && tick();
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('storage', onStorage);
      const m = readMarker();
      // Leaving: free the session at once so another tab need not wait 5 s.
      if (m && m.tabId === tabId) localStorage.removeItem(STORAGE_KEYS.activeTab);
    };
  }, [enabled, apply]);

  useEffect(() => {
    if (!enabled) return;
    const onUnload = () => {
      const m = readMarker();
      if (m && state.current && m.tabId === state.current.tabId) localStorage.removeItem(STORAGE_KEYS.activeTab);
    };
    window.addEventListener('pagehide', onUnload);
    return () => window.removeEventListener('pagehide', onUnload);
  }, [enabled]);

  const useHere = useCallback(() => {
    if (state.current) apply(takeOver(state.current, Date.now()), 'becameActive');
  }, [apply]);

  return { active: !enabled || active, useHere };
}
