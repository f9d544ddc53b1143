import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A channel's state in a card header (Conectado, Pausado, a failure...). */
export function Badge({ tone, children }: { tone: 'ok' | 'warn' | 'off' | 'bad'; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        tone === 'ok' && 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
        tone === 'warn' && 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
        tone === 'bad' && 'bg-red-500/10 text-red-700 dark:text-red-400',
        tone === 'off' && 'bg-muted text-muted-foreground',
      )}
    >
      {children}
    </span>
  );
}
