import { Armchair } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useLicencaStatus } from '@/features/licenca/api';

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** Seats of the licence (GET /Licenca/status): who attends customers takes one; the master is exempt. */
export function SeatsSummary() {
  const { data, isPending, isError } = useLicencaStatus();
  if (isError) return null;
  if (isPending || !data) {
    return (
      <div role="status" className="rounded-xl border bg-card p-4" aria-busy="true" aria-label="Carregando assentos da licença">
        <Skeleton className="h-4 w-56" />
        <Skeleton className="mt-3 h-2 w-full" />
      </div>
    );
  }
  const { usedSlots, totalSlots, availableSlots } = data;
  const cheio = availableSlots <= 0;
  const pct = totalSlots > 0 ? Math.min(100, Math.round((usedSlots / totalSlots) * 100)) : 100;
  return (
    <section
      aria-label="Assentos da licença"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:gap-6"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Armchair className="size-4" aria-hidden />
        </span>
        <div className="grid">
          <p className="font-medium tabular-nums">
            {usedSlots} de {totalSlots} assentos em uso
          </p>
          <p className={cn('text-sm', cheio ? 'text-amber-700 dark:text-amber-400' : 'text-muted-foreground')}>
            {cheio ? 'Nenhum assento livre.' : `${plural(availableSlots, 'assento livre', 'assentos livres')}.`} Administradores e
            atendentes ativos ocupam assento; o master não.
          </p>
        </div>
      </div>
      {/* The sentence beside it says the same for screen readers. */}
      <div aria-hidden className="h-2 w-full overflow-hidden rounded-full bg-muted sm:ml-auto sm:max-w-64">
        <div className={cn('h-full rounded-full', cheio ? 'bg-amber-500' : 'bg-primary')} style={{ width: `${pct}%` }} />
      </div>
    </section>
  );
}
