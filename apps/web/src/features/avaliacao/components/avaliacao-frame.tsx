import type { ReactNode } from 'react';
import { Logo } from '@/components/brand/logo';
import { cn } from '@/lib/utils';

/** The public page's frame: one centred card that reads well on a phone, the company's name on top. */
export function AvaliacaoFrame({ empresa, children, busy }: { empresa?: string; children: ReactNode; busy?: boolean }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-8 sm:justify-center sm:py-12">
      <div className="flex w-full max-w-md flex-col gap-5">
        {/* The customer talked to the company, not to us: its name leads, our mark stays small below. */}
        <p className="min-h-7 text-center text-lg font-semibold tracking-tight">{empresa}</p>
        <section className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8" aria-busy={busy}>
          {children}
        </section>
        <Logo className="self-center text-sm text-muted-foreground [&_svg]:size-5" />
      </div>
    </main>
  );
}

const TONES = {
  ok: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
  info: 'bg-primary/10 text-primary',
  error: 'bg-destructive/10 text-destructive',
};

/** A state with nothing left to do: an icon, a heading and what follows (invalid link, already rated, thanks). */
export function AvaliacaoMessage({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className={cn('flex size-14 items-center justify-center rounded-full [&_svg]:size-7', TONES[tone])}>{icon}</span>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
