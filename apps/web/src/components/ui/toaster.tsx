import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_LIMIT, TOAST_MAX_WIDTH_PX } from '@balcao/shared/layout';
import { toasterMounted } from '@/lib/toast';

/**
 * Bottom-right, at most 5 at once, close button, the spec's colours per kind; above the internal chat's button
 * in that corner (chat-launcher.tsx), so neither hides the other.
 */
export function Toaster() {
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={TOAST_LIMIT}
      closeButton
      expand
      offset={{ bottom: '5.5rem', right: '1rem' }}
      mobileOffset={{ bottom: '8.5rem' }}
      style={{ ['--width' as string]: `min(${TOAST_MAX_WIDTH_PX}px, calc(100vw - 2rem))` }}
      toastOptions={{
        classNames: {
          toast: 'rounded-lg border shadow-lg font-sans',
          success: '!bg-green-700 !text-white !border-green-800',
          error: '!bg-red-600 !text-white !border-red-700',
          warning: '!bg-yellow-400 !text-black !border-yellow-500',
          info: '!bg-cyan-700 !text-white !border-cyan-800',
          // Full colour: at 90 % white on green-700 falls under 4.5:1 (axe, WCAG AA).
          description: '!text-current',
          closeButton: '!bg-background !text-foreground !border-border',
        },
      }}
    />
  );
}
