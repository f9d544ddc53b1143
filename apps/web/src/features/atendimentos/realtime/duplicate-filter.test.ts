import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_WINDOW_MS } from '@balcao/shared/atendimentos/realtime';
import { DuplicateFilter } from './duplicate-filter';

const msg = (id: string, type: 'text' | 'edited' | 'deleted' = 'text') => ({
  id,
  messageId: id,
  type,
  message: { isEdited: type === 'edited', isDeleted: type === 'deleted' },
});

describe('DuplicateFilter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ignores the same id within 5 s and lets it through after', () => {
    const f = new DuplicateFilter();
    expect(f.accept(msg('m1'))).toBe(true);
    vi.advanceTimersByTime(DUPLICATE_WINDOW_MS - 1);
    expect(f.accept(msg('m1'))).toBe(false);
    vi.advanceTimersByTime(1);
    expect(f.accept(msg('m1'))).toBe(true);
  });

  it('does not confuse different ids', () => {
    const f = new DuplicateFilter();
    expect(f.accept(msg('m1'))).toBe(true);
    expect(f.accept(msg('m2'))).toBe(true);
  });

  it('always accepts edits and deletes, and they clear the mark', () => {
    const f = new DuplicateFilter();
    expect(f.accept(msg('m1'))).toBe(true);
    expect(f.accept(msg('m1', 'edited'))).toBe(true);
    expect(f.accept(msg('m1', 'edited'))).toBe(true);
    // The mark is gone: the message itself passes again.
    expect(f.accept(msg('m1'))).toBe(true);
    expect(f.accept(msg('m1'))).toBe(false);
    expect(f.accept(msg('m1', 'deleted'))).toBe(true);
    expect(f.accept(msg('m1'))).toBe(true);
  });

  it('falls back to messageId when id is empty', () => {
    const f = new DuplicateFilter();
    expect(f.accept({ ...msg('m9'), id: '' })).toBe(true);
    expect(f.accept({ ...msg('m9'), id: '' })).toBe(false);
  });
});
