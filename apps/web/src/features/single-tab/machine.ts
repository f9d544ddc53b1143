import { TAB_GRACE_MS, TAB_STALE_MS } from '@balcao/shared/layout';

/** What the active tab writes every second under the cross-tab marker key. */
export type TabMarker = { tabId: string; ts: number; claimedAt: number };
export type TabState = { status: 'active' | 'inactive'; tabId: string; claimedAt: number };
export type TabEffect = 'becameInactive' | 'becameActive' | null;

const isStale = (m: TabMarker | null, now: number) => !m || now - m.ts > TAB_STALE_MS;

/** On opening: take the session when nobody else holds a fresh one, else wait behind the blocker. */
export function initialState(tabId: string, marker: TabMarker | null, now: number): TabState {
  const free = isStale(marker, now) || marker!.tabId === tabId;
  return { status: free ? 'active' : 'inactive', tabId, claimedAt: free ? now : 0 };
}

/** 'Usar nesta aba': a newer claim always wins. */
export const takeOver = (s: TabState, now: number): TabState => ({ ...s, status: 'active', claimedAt: now });

/**
 * One look at the marker (every second, or on a storage event).
 * Active: yields to a newer claim by another tab, except within the 2 s grace after its own claim.
 * Inactive: takes the session back by itself once the other tab went stale (closed or frozen for 5 s).
 */
export function observe(s: TabState, marker: TabMarker | null, now: number): { state: TabState; effect: TabEffect } {
  if (s.status === 'active') {
    const newerClaim = marker && marker.tabId !== s.tabId && marker.claimedAt > s.claimedAt && !isStale(marker, now);
    if (newerClaim && now - s.claimedAt >= TAB_GRACE_MS) return { state: { ...s, status: 'inactive' }, effect: 'becameInactive' };
    return { state: s, effect: null };
  }
  if (isStale(marker, now)) return { state: takeOver(s, now), effect: 'becameActive' };
  return { state: s, effect: null };
}

/** The marker an active tab writes; an inactive tab writes nothing. */
export const markerFor = (s: TabState, now: number): TabMarker | null =>
  s.status === 'active' ? { tabId: s.tabId, ts: now, claimedAt: s.claimedAt } : null;
