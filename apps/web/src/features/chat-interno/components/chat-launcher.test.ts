import { describe, expect, it } from 'vitest';
import { alturaDoBotao } from './chat-launcher';

describe("the internal chat's button on small screens", () => {
  it('sits in the bottom-right corner the composer leaves free, not over the last message (floating at bottom-20)', () => {
    expect(alturaDoBotao({ headerStyle: 'sidebar', position: 'bottom' })).toBe('bottom-3 md:bottom-4');
    expect(alturaDoBotao({ headerStyle: 'dock', position: 'top' })).toBe('bottom-3 md:bottom-4');
  });

  it('rises above a dock at the bottom, which spans a phone’s width', () => {
    expect(alturaDoBotao({ headerStyle: 'dock', position: 'bottom' })).toBe('bottom-[4.75rem] md:bottom-4');
  });
});
