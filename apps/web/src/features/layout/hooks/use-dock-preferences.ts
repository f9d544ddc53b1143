import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@balcao/shared/auth';
import {
  DEFAULT_DOCK_AUTO_HIDE,
  DEFAULT_DOCK_POSITION,
  DEFAULT_HEADER_STYLE,
  DOCK_POSITIONS,
  HEADER_STYLES,
  type TDockPosition,
  type THeaderStyle,
} from '@balcao/shared/layout';

export type DockPreferences = { headerStyle: THeaderStyle; position: TDockPosition; autoHide: boolean };
type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'setItem'>;

const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** Preferences as stored (spec part 1 §3); anything unknown falls back to the defaults. */
export function readDockPreferences(storage: Reader): DockPreferences {
  const autoHide = storage.getItem(STORAGE_KEYS.dockAutoHide);
  return {
    headerStyle: oneOf(HEADER_STYLES, storage.getItem(STORAGE_KEYS.dockHeaderStyle), DEFAULT_HEADER_STYLE),
    position: oneOf(DOCK_POSITIONS, storage.getItem(STORAGE_KEYS.dockPosition), DEFAULT_DOCK_POSITION),
    autoHide: autoHide === null ? DEFAULT_DOCK_AUTO_HIDE : autoHide === 'true',
  };
}

const KEY_OF: Record<keyof DockPreferences, string> = {
  headerStyle: STORAGE_KEYS.dockHeaderStyle,
  position: STORAGE_KEYS.dockPosition,
  autoHide: STORAGE_KEYS.dockAutoHide,
};
export function writeDockPreference<K extends keyof DockPreferences>(storage: Writer, key: K, value: DockPreferences[K]) {
  storage.setItem(KEY_OF[key], String(value));
}

// One store for every reader (shell, dock, menus), kept in step with other tabs through `storage` events.
const listeners = new Set<() => void>();
let cached: { raw: string; prefs: DockPreferences } | null = null;

function snapshot(): DockPreferences {
  const prefs = readDockPreferences(localStorage);
  const raw = JSON.stringify(prefs);
  if (cached?.raw !== raw) cached = { raw, prefs };
  return cached.prefs;
}
function subscribe(notify: () => void) {
  listeners.add(notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', notify);
  };
}

export function useDockPreferences() {
  const prefs = useSyncExternalStore(subscribe, snapshot);
  const setPreference = useCallback(<K extends keyof DockPreferences>(key: K, value: DockPreferences[K]) => {
    writeDockPreference(localStorage, key, value);
    for (const l of listeners) l();
  }, []);
  return { prefs, setPreference };
}
