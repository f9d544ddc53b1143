import { useEffect, useRef, type RefObject } from 'react';

/** Set by the video player while its fullscreen is on: the panel then stays open (spec part 2 §2). */
export const telaCheiaDoVideo = { ativa: false };

/** Layers that live in portals outside the panel but belong to it (its dialogs, menus, toasts). */
const CAMADAS = '[data-slot="dialog-content"], [role="menu"], [data-radix-popper-content-wrapper], [data-sonner-toaster]';

/**
 * Spec part 2 §2: the panel closes on a click outside it, except while the video fullscreen is active. A click that
 * dismisses one of its own dialogs or menus (their overlay is outside the panel too) does not count, nor does the toggle.
 */
export function useCloseOnOutsideClick(ref: RefObject<HTMLElement | null>, ignorar: string, fechar: () => void) {
  const atual = useRef(fechar);
  atual.current = fechar;
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      const alvo = e.target instanceof Element ? e.target : null;
      if (!alvo || ref.current?.contains(alvo)) return;
      if (telaCheiaDoVideo.ativa || document.fullscreenElement) return;
      if (alvo.closest(`[${ignorar}], ${CAMADAS}`)) return;
      if (document.querySelector('[data-slot="dialog-content"], [role="menu"]')) return;
      atual.current();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [ref, ignorar]);
}
