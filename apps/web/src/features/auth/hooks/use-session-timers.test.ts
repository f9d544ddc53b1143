import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_STALE_MS } from '@balcao/shared/auth';
import { authKeys } from '../api';
import { markOnline } from './use-session-timers';

describe('heartbeat and the current user freshness (spec part 1 §4)', () => {
  afterEach(() => vi.useRealTimers());

  it('sets online without making the user fresh again, so a focus after 5 minutes refetches it', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const qc = new QueryClient();
    qc.setQueryData(authKeys.currentUser, { id: 'u1', nome: 'Ana', online: false });
    // Heartbeats every 30 s for more than 5 minutes.
    for (let t = 0; t <= CURRENT_USER_STALE_MS; t += 30_000) {
      vi.advanceTimersByTime(30_000);
      markOnline(qc, true);
    }
    expect(qc.getQueryData<{ online: boolean }>(authKeys.currentUser)?.online).toBe(true);
    expect(qc.getQueryCache().find({ queryKey: authKeys.currentUser })?.isStaleByTime(CURRENT_USER_STALE_MS)).toBe(true);
  });
});
