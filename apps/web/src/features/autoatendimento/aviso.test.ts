import { describe, expect, it } from 'vitest';
import { shouldShowAviso } from './aviso';

const memoria = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('the pending self-service requests notice', () => {
  it('shows when there are pending requests, then not again within 300000 ms', () => {
    const s = memoria();
    expect(shouldShowAviso(0, 1_000_000, s)).toBe(false);
    expect(shouldShowAviso(3, 1_000_000, s)).toBe(true);
    expect(shouldShowAviso(3, 1_000_000 + 150_000, s)).toBe(false);
    expect(shouldShowAviso(4, 1_000_000 + 299_999, s)).toBe(false);
    expect(shouldShowAviso(4, 1_000_000 + 300_000, s)).toBe(true);
  });
});
