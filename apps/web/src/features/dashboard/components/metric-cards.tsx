import { CheckCircle2, Clock, MessageCircle, Star, type LucideIcon } from 'lucide-react';
import { formatMinutes, type TDashboardResult } from '@balcao/shared/dashboard';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatNota } from '../format';

type Metric = { label: string; icon: LucideIcon; tone: string; value: (r: TDashboardResult | undefined) => string };

// Spec part 1 §2: the four cards, in the spec's order.
const METRICS: Metric[] = [
  {
    label: 'Atendimentos finalizados',
    icon: CheckCircle2,
    tone: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
    value: (r) => formatCount(r?.atendimentosFinalizados),
  },
  {
    label: 'Atendimentos abertos',
    icon: MessageCircle,
    tone: 'bg-sky-500/10 text-sky-600 dark:text-sky-400',
    value: (r) => formatCount(r?.atendimentosAbertos),
  },
  { label: 'Nota média', icon: Star, tone: 'bg-amber-500/10 text-amber-600 dark:text-amber-400', value: (r) => formatNota(r?.notaMedia) },
  {
    label: 'Tempo médio de atendimento',
    icon: Clock,
    tone: 'bg-primary/10 text-primary',
    value: (r) => formatMinutes(r?.tempoMedioAtendimento),
  },
];

export function MetricCards({ result, loading }: { result: TDashboardResult | undefined; loading: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Indicadores do período">
      {METRICS.map(({ label, icon: Icon, tone, value }) => (
        <li key={label} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs">
          <span className={`flex size-8 items-center justify-center rounded-lg ${tone}`}>
            <Icon className="size-4" aria-hidden />
          </span>
          <span className="flex flex-col gap-1">
            {loading ? (
              <Skeleton className="h-7 w-16" aria-label="Carregando" />
            ) : (
              <span className="text-2xl font-semibold tabular-nums leading-7">{value(result)}</span>
            )}
            <span className="text-xs leading-tight text-muted-foreground">{label}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
