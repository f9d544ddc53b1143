import { afterEach, describe, expect, it, vi } from 'vitest';
import { TYPING_IDLE_MS, TypingSignal } from './typing';

describe('TypingSignal', () => {
  afterEach(() => vi.useRealTimers());
  it('says "typing" once per burst and "stopped" once when idle', () => {
    vi.useFakeTimers();
    const sent: boolean[] = [];
    const t = new TypingSignal((on) => {
      sent.push(on);
      return true;
    });
    t.input();
    t.input();
    t.input();
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(TYPING_IDLE_MS);
    expect(sent).toEqual([true, false]);
    t.input();
    t.stop();
    t.stop();
    expect(sent).toEqual([true, false, true, false]);
  });

  it('tries again on the next key when it could not send (offline)', () => {
    let online = false;
    const sent: boolean[] = [];
    const t = new TypingSignal((on) => {
      if (!online) return false;
      sent.push(on);
      return true;
    });
    t.input();
    online = true;
    t.input();
    expect(sent).toEqual([true]);
    t.stop();
  });
});
