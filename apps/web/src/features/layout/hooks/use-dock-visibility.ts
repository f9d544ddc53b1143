import { useEffect, useMemo, useRef, useState } from 'react';
import type { TDockPosition } from '@balcao/shared/layout';
import { createDockVisibility, type DockVisibility } from '../dock-visibility';

/** Wires the auto-hide controller to the window; with auto-hide off the dock simply stays visible. */
export function useDockVisibility(autoHide: boolean, position: TDockPosition) {
  const [visible, setVisible] = useState(!autoHide);
  const controller = useRef<DockVisibility | null>(null);

  useEffect(() => {
    if (!autoHide) {
      setVisible(true);
      return;
    }
    setVisible(false);
    const c = createDockVisibility(position, setVisible);
    controller.current = c;
    const onMove = (e: PointerEvent) => c.pointerMove(e.clientY, window.innerHeight);
    const onOut = (e: PointerEvent) => {
      if (!e.relatedTarget) c.pointerOut();
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    document.addEventListener('pointerout', onOut);
    return () => {
      window.removeEventListener('pointermove', onMove);
      document.removeEventListener('pointerout', onOut);
      c.dispose();
      controller.current = null;
    };
  }, [autoHide, position]);

  const handlers = useMemo(
    () => ({
      onPointerEnter: () => controller.current?.dockEnter(),
      onPointerLeave: () => controller.current?.dockLeave(),
      setHeld: (held: boolean) => controller.current?.setHeld(held),
    }),
    [],
  );
  return { visible, ...handlers };
}
