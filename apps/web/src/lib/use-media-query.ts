import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, re-rendering when it changes (the window is resized, rotated, zoomed). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', notify);
      return () => media.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
