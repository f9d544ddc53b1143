import { CheckCircle2, Clock, Hourglass, MessageCircle, Reply, Star, type LucideIcon } from 'lucide-react';
import { formatDuracao, type TVisaoGeral } from '@balcao/shared/dashboard';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatNota } from '../format';

type Cards = TVisaoGeral['cards'];
type Card = { label: string; icon: LucideIcon; tone: string; value: (c: Cards) => string; sub?: (c: Cards) => string };

const avaliacoes = (n: number) => (n === 1 ? '1 avaliação' : `${n.toLocaleString('pt-BR')} avaliações`);

// Opened, finished, waiting now; first response and attendance times; rating and how many rated.
const CARDS: Card[] = [
  {
    label: 'Abertos no período',
    icon: MessageCircle,
    tone: 'bg-sky-500/10 text-sky-700 dark:text-sky-400',
    value: (c) => formatCount(c.abertos),
  },
  {
    label: 'Finalizados no período',
    icon: CheckCircle2,
    tone: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
    value: (c) => formatCount(c.finalizados),
  },
  {
    label: 'Aguardando agora',
    icon: Hourglass,
    tone: 'bg-amber-500/10 text-amber-700 dark:text-amber-400',
    value: (c) => formatCount(c.aguardandoAgora),
  },
  {
    label: 'Primeira resposta (média)',
    icon: Reply,
    tone: 'bg-primary/10 text-primary',
    value: (c) => formatDuracao(c.tempoMedioPrimeiraResposta),
  },
  {
    label: 'Tempo de atendimento (média)',
    icon: Clock,
    tone: 'bg-primary/10 text-primary',
    value: (c) => formatDuracao(c.tempoMedioAtendimento),
  },
  {
    label: 'Nota média',
    icon: Star,
    tone: 'bg-amber-500/10 text-amber-700 dark:text-amber-400',
    value: (c) => (c.notaMedia === null ? '—' : formatNota(c.notaMedia)),
    sub: (c) => avaliacoes(c.avaliacoes),
  },
];

/** The overview's six figures; skeletons until the first answer. */
export function VisaoGeralCards({ cards }: { cards: Cards | undefined }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-label="Indicadores do período">
      {CARDS.map(({ label, icon: Icon, tone, value, sub }) => (
        <li key={label} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs">
          <span className={`flex size-8 items-center justify-center rounded-lg ${tone}`}>
            <Icon className="size-4" aria-hidden />
          </span>
          <span className="flex flex-col gap-1">
            {cards ? (
              <span className="text-2xl font-semibold tabular-nums leading-7" data-card={label}>
                {value(cards)}
              </span>
            ) : (
              <Skeleton className="h-7 w-16" />
            )}
            <span className="text-xs leading-tight text-muted-foreground">
              {label}
              {cards && sub && <span className="block">{sub(cards)}</span>}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
