import { describe, expect, it } from 'vitest';
import { preloadsFor } from './preload';

describe('route preloading by role (spec part 1 §4)', () => {
  it('fetches the admin pages for admin and master', () => {
    expect(preloadsFor('admin').map((p) => p.chunk)).toContain('documentacao');
    expect(preloadsFor('master').map((p) => p.chunk)).toContain('documentacao');
    expect(preloadsFor('master').map((p) => p.chunk)).not.toContain('tracker');
  });

  it('fetches only the tracker pages for tracker', () => {
    expect(preloadsFor('tracker').map((p) => p.chunk)).toEqual(['tracker']);
  });

  it('fetches nothing ahead for atendente and user', () => {
    expect(preloadsFor('atendente')).toEqual([]);
    expect(preloadsFor('user')).toEqual([]);
  });
});
