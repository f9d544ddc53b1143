import { describe, expect, it, vi } from 'vitest';
import { initialState, markerFor, observe, takeOver } from './machine';

describe('single-tab guard', () => {
  const t0 = 1_000_000;
  it('takes the session when no other tab holds a fresh one', () => {
    expect(initialState('a', null, t0).status).toBe('active');
    expect(initialState('a', { tabId: 'b', ts: t0 - 6000, claimedAt: 0 }, t0).status).toBe('active');
  });
  it('waits behind the blocker when another tab beat within 5 s', () => {
    expect(initialState('b', { tabId: 'a', ts: t0 - 1000, claimedAt: t0 - 9000 }, t0).status).toBe('inactive');
  });
  it('hands the session over with "Usar nesta aba", and the old tab yields', () => {
    let a = initialState('a', null, t0);
    let b = initialState('b', markerFor(a, t0 + 500), t0 + 1000);
    expect(b.status).toBe('inactive');
    b = takeOver(b, t0 + 4000);
    const r = observe(a, markerFor(b, t0 + 4000), t0 + 4100);
    expect(r.effect).toBe('becameInactive');
    a = r.state;
    expect(a.status).toBe('inactive');
    expect(observe(b, markerFor(b, t0 + 5000), t0 + 5000).effect).toBeNull();
  });
  it('does not yield within the 2 s grace after its own claim', () => {
    const b = takeOver(initialState('b', null, t0), t0 + 100);
    const other = { tabId: 'c', ts: t0 + 1000, claimedAt: t0 + 900 };
    expect(observe(b, other, t0 + 1000).effect).toBeNull();
    expect(observe(b, other, t0 + 2200).effect).toBe('becameInactive');
  });
  it('ignores an older claim still beating', () => {
    const b = takeOver(initialState('b', null, t0), t0);
    expect(observe(b, { tabId: 'a', ts: t0 + 3000, claimedAt: t0 - 10 }, t0 + 3000).effect).toBeNull();
  });
  it('becomes active again once the other tab is stale for 5 s', () => {
    const b = initialState('b', { tabId: 'a', ts: t0, claimedAt: t0 - 100 }, t0 + 10);
    expect(observe(b, { tabId: 'a', ts: t0, claimedAt: t0 - 100 }, t0 + 4000).effect).toBeNull();
    expect(observe(b, { tabId: 'a', ts: t0, claimedAt: t0 - 100 }, t0 + 5001).effect).toBe('becameActive');
  });
});

describe("'Fechar esta aba'", () => {
  it('reports a refused close (the tab stays open) so the screen can say it may be closed', async () => {
    const { closeTab } = await import('./single-tab-screen');
    const recusa = { closed: false, close: vi.fn() };
    expect(closeTab(recusa)).toBe(true);
    expect(recusa.close).toHaveBeenCalled();
    const aceita = {
      closed: false,
      close() {
        this.closed = true;
      },
    };
    expect(closeTab(aceita)).toBe(false);
  });
});
