import { DOCK_HIDE_AFTER_DOCK_MS, DOCK_HIDE_AFTER_EDGE_MS, DOCK_REVEAL_ZONE_PX, type TDockPosition } from '@balcao/shared/layout';

/** Spec part 1 §2: the pointer is within 100 px of the edge the dock sits on. */
export function inRevealZone(pointerY: number, viewportHeight: number, position: TDockPosition): boolean {
  return position === 'top' ? pointerY <= DOCK_REVEAL_ZONE_PX : pointerY >= viewportHeight - DOCK_REVEAL_ZONE_PX;
}

export type DockVisibility = {
  /** Pointer moved; y and the viewport height in CSS pixels. */
  pointerMove(pointerY: number, viewportHeight: number): void;
  /** The pointer left the window: the same as leaving the edge zone. */
  pointerOut(): void;
  dockEnter(): void;
  dockLeave(): void;
  /** Held open while a menu of the dock is open or focus is inside it (its menus live in portals). */
  setHeld(held: boolean): void;
  dispose(): void;
};

/**
 * Auto-hide of the dock: shows on entering the edge zone or the dock, hides 300 ms after the pointer
 * leaves the zone or 600 ms after it leaves the dock. Plain timers, so tests drive it with fake ones.
 */
export function createDockVisibility(position: TDockPosition, onChange: (visible: boolean) => void): DockVisibility {
  let visible = false;
  let inZone = false;
  let overDock = false;
  let held = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let leftDockAt = Number.NEGATIVE_INFINITY;

  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const set = (v: boolean) => {
    if (v !== visible) {
      visible = v;
      onChange(v);
    }
  };
  const show = () => {
    cancel();
    set(true);
  };
  const keepOpen = () => inZone || overDock || held;
  const hideAfter = (ms: number) => {
    if (!visible || keepOpen()) return;
    cancel();
    timer = setTimeout(() => {
      timer = null;
      if (!keepOpen()) set(false);
    }, ms);
  };
  const leaveZone = () => {
    if (!inZone) return;
    inZone = false;
    // Leaving the dock and then the zone in one sweep keeps the dock's longer grace.
    const dockGraceLeft = DOCK_HIDE_AFTER_DOCK_MS - (Date.now() - leftDockAt);
    hideAfter(Math.max(DOCK_HIDE_AFTER_EDGE_MS, dockGraceLeft));
  };

  return {
    pointerMove(y, height) {
      if (inRevealZone(y, height, position)) {
        inZone = true;
        show();
      } else leaveZone();
    },
    pointerOut: leaveZone,
    dockEnter() {
      overDock = true;
      show();
    },
    dockLeave() {
      overDock = false;
      leftDockAt = Date.now();
      hideAfter(DOCK_HIDE_AFTER_DOCK_MS);
    },
    setHeld(h) {
      held = h;
      if (h) show();
      else hideAfter(DOCK_HIDE_AFTER_DOCK_MS);
    },
    dispose: cancel,
  };
}
