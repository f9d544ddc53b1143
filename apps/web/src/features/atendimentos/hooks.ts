import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * The inbox fills what the shell leaves (side-panel header or dock) without a page scroll: its height is
 * the viewport minus where it starts and minus the room the shell keeps free below it.
 */
export function useFillHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [style, setStyle] = useState<CSSProperties>({ height: '100dvh' });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const parent = el.parentElement;
      const below = parent ? parseFloat(getComputedStyle(parent).paddingBottom) || 0 : 0;
      setStyle({ height: `calc(100dvh - ${Math.round(top + below)}px)` });
    };
    update();
    const ro = new ResizeObserver(update);
    if (el.parentElement) ro.observe(el.parentElement);
    window.addEventListener('resize', update);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', update);
    };
  }, []);
  return { ref, style };
}
