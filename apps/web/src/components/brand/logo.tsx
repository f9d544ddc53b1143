import { cn } from '@/lib/utils';

/** Balcão's mark and name. */
export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M8 11h16v8a3 3 0 0 1-3 3h-6l-5 4v-4a2 2 0 0 1-2-2z" className="fill-primary-foreground" />
      </svg>
      {/* Without the name shown (a collapsed side panel), a link made of the mark alone still has one. */}
      <span className={withName ? undefined : 'sr-only'}>Balcão</span>
    </span>
  );
}
