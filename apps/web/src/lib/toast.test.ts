import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@balcao/shared/layout';
import { ToastRegistry } from './toast';

/** A clock the test moves by hand. */
function relogio() {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  return {
    schedule: (fn: () => void, ms: number) => void timers.push({ at: now + ms, fn }),
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
  };
}

describe('toasts (spec part 2 §9)', () => {
  it('keeps at most 5, pushing out the oldest', () => {
    const r = new ToastRegistry(relogio().schedule);
    const ids = Array.from({ length: TOAST_LIMIT }, () => r.add().id);
    expect(r.add().pushedOut).toEqual([ids[0]]);
    expect(r.size).toBe(TOAST_LIMIT);
  });

  it('removes a dismissed toast 5 s after its dismissal, not before', () => {
    const c = relogio();
    const r = new ToastRegistry(c.schedule);
    const { id } = r.add();
    r.dismissed(id);
    c.advance(TOAST_REMOVE_DELAY_MS - 1);
    expect(r.size).toBe(1);
    c.advance(1);
    expect(r.size).toBe(0);
  });

  it('counts a just-dismissed toast among the 5, and does not dismiss it twice when it is pushed out', () => {
    const c = relogio();
    const r = new ToastRegistry(c.schedule);
    const ids = Array.from({ length: TOAST_LIMIT }, () => r.add().id);
    r.dismissed(ids[0]!);
    expect(r.add().pushedOut).toEqual([]); // the dismissed one made room
    expect(r.add().pushedOut).toEqual([ids[1]]);
  });
});
