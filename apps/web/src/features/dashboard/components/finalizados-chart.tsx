import { useMemo } from 'react';
import type { TPeriodo } from '@balcao/shared/dashboard';
import { Skeleton } from '@/components/ui/skeleton';
import { bucketFinalizados } from '../chart-data';
import { formatCount, formatQuantidade } from '../format';

type Props = { rows: readonly { fim: string | null }[] | undefined; periodo: TPeriodo; loading: boolean };

/**
 * Finished attendances over the period as plain bars: a glance at the busy days without a chart library in the
 * shell's dialog. The table below carries the same data for screen readers, so the bars stay decorative.
 */
export function FinalizadosChart({ rows, periodo, loading }: Props) {
  const buckets = useMemo(() => bucketFinalizados(rows ?? [], periodo), [rows, periodo]);
  const max = Math.max(1, ...buckets.map((b) => b.count));
  const total = buckets.reduce((s, b) => s + b.count, 0);
  const porHora = periodo === 'dia';
  // Three ticks are enough to read the axis on a phone: first, middle, last.
  const ticks = new Set([0, Math.floor((buckets.length - 1) / 2), buckets.length - 1]);

  if (loading) return <Skeleton className="h-44 w-full md:h-72" />;
  return (
    <figure className="flex h-44 min-w-0 flex-col gap-2 rounded-lg border p-3 md:h-72">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Finalizados por {porHora ? 'hora' : 'dia'}</span>
        <span className="text-xs tabular-nums text-muted-foreground">{formatQuantidade(total, 'atendimento', 'atendimentos')}</span>
      </figcaption>
      <div className="flex min-h-0 flex-1 items-end gap-[2px] pt-2" aria-hidden>
        {buckets.map((b) => (
          <div key={b.label} title={`${b.label}: ${formatCount(b.count)}`} className="group flex h-full min-w-0 flex-1 items-end">
            <div
              className={
                b.count ? 'w-full rounded-t-[3px] bg-primary/80 transition-colors group-hover:bg-primary' : 'h-px w-full bg-border'
              }
              style={b.count ? { height: `${Math.max(6, (b.count / max) * 100)}%` } : undefined}
            />
          </div>
        ))}
      </div>
      <div className="flex justify-between text-[10px] tabular-nums text-muted-foreground" aria-hidden>
        {[...ticks].map((i) => (
          <span key={i}>{buckets[i]?.label}</span>
        ))}
      </div>
    </figure>
  );
}
