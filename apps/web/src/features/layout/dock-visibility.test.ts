import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCK_HIDE_AFTER_DOCK_MS, DOCK_HIDE_AFTER_EDGE_MS, DOCK_REVEAL_ZONE_PX } from '@balcao/shared/layout';
import { createDockVisibility, inRevealZone } from './dock-visibility';

const H = 768;

describe('inRevealZone', () => {
  it('is the 100 px strip along the dock edge', () => {
    expect(inRevealZone(H - DOCK_REVEAL_ZONE_PX, H, 'bottom')).toBe(true);
    expect(inRevealZone(H - DOCK_REVEAL_ZONE_PX - 1, H, 'bottom')).toBe(false);
    expect(inRevealZone(DOCK_REVEAL_ZONE_PX, H, 'top')).toBe(true);
    expect(inRevealZone(DOCK_REVEAL_ZONE_PX + 1, H, 'top')).toBe(false);
    expect(inRevealZone(H - 10, H, 'top')).toBe(false);
  });
});

describe('dock auto-hide', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (position: 'top' | 'bottom' = 'bottom') => {
    const changes: boolean[] = [];
    const dock = createDockVisibility(position, (v) => changes.push(v));
    return { dock, changes, visible: () => changes.at(-1) ?? false };
  };

  it('appears in the edge zone and hides 300 ms after the pointer leaves it', () => {
    const { dock, visible } = setup('bottom');
    dock.pointerMove(300, H);
    expect(visible()).toBe(false);
    dock.pointerMove(H - 20, H);
    expect(visible()).toBe(true);
    dock.pointerMove(300, H);
    vi.advanceTimersByTime(DOCK_HIDE_AFTER_EDGE_MS - 1);
    expect(visible()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(visible()).toBe(false);
  });

  it('works along the top edge too', () => {
    const { dock, visible } = setup('top');
    dock.pointerMove(H - 20, H);
    expect(visible()).toBe(false);
    dock.pointerMove(20, H);
    expect(visible()).toBe(true);
  });

  it('waits 600 ms after the pointer leaves the dock itself', () => {
    const { dock, visible } = setup();
    dock.pointerMove(H - 20, H);
    dock.dockEnter();
    dock.dockLeave();
    dock.pointerMove(300, H);
    vi.advanceTimersByTime(DOCK_HIDE_AFTER_EDGE_MS);
    expect(visible()).toBe(true);
    vi.advanceTimersByTime(DOCK_HIDE_AFTER_DOCK_MS - DOCK_HIDE_AFTER_EDGE_MS);
    expect(visible()).toBe(false);
  });

  it('cancels the hide when the pointer comes back', () => {
    const { dock, visible, changes } = setup();
    dock.pointerMove(H - 20, H);
    dock.pointerMove(300, H);
    vi.advanceTimersByTime(DOCK_HIDE_AFTER_EDGE_MS - 50);
    dock.pointerMove(H - 5, H);
    vi.advanceTimersByTime(DOCK_HIDE_AFTER_DOCK_MS * 2);
    expect(visible()).toBe(true);
    expect(changes).toEqual([true]);
  });

  it('stays while held (a dock menu open) and hides 600 ms after release', () => {
    const { dock, visible } = setup();
    dock.dockEnter();
    dock.setHeld(true);
    dock.dockLeave();
    dock.pointerOut();
    vi.advanceTimersByTime(DOCK_HIDE_AFTER_DOCK_MS * 3);
    expect(visible()).toBe(true);
    dock.setHeld(false);
    vi.advanceTimersByTime(DOCK_HIDE_AFTER_DOCK_MS);
    expect(visible()).toBe(false);
  });

  it('leaving the window counts as leaving the edge zone', () => {
    const { dock, visible } = setup();
    dock.pointerMove(H - 1, H);
    dock.pointerOut();
    vi.advanceTimersByTime(DOCK_HIDE_AFTER_EDGE_MS);
    expect(visible()).toBe(false);
  });

  it('dispose cancels a pending hide', () => {
    const { dock, visible } = setup();
    dock.pointerMove(H - 1, H);
    dock.pointerMove(0, H);
    dock.dispose();
    vi.advanceTimersByTime(DOCK_HIDE_AFTER_DOCK_MS);
    expect(visible()).toBe(true);
  });
});
