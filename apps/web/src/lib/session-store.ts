import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@balcao/shared/auth';

/** The `authToken`, kept in local and session storage as the spec says, observable by React. */
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.authToken) ?? sessionStorage.getItem(STORAGE_KEYS.authToken);
}

export function setToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  sessionStorage.setItem(STORAGE_KEYS.authToken, token);
  emit();
}

export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.authToken);
  sessionStorage.removeItem(STORAGE_KEYS.authToken);
  emit();
}

let clearOnLeaving = false;

/**
 * Logout's storage part (spec part 1 §4): the token goes now and the whole session storage once the guarded layout
 * has been left (`settleLogout`, called by the login page). Clearing it first would let the guarded layout, seeing
 * the session end, save the current page as redirectTo for the next person who logs in on this browser.
 */
export function clearSessionStorage(): void {
  localStorage.removeItem(STORAGE_KEYS.authToken);
  sessionStorage.clear();
  clearOnLeaving = true;
  emit();
}

/** On the login page after a logout: whatever was written to session storage on the way out goes too. */
export function settleLogout(): void {
  if (!clearOnLeaving) return;
  clearOnLeaving = false;
  sessionStorage.clear();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === STORAGE_KEYS.authToken && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
