import { Inbox } from 'lucide-react';
import type { z } from 'zod';
import { DASHBOARD_TEXTS, type ZDashboardList } from '@balcao/shared/dashboard';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateCell } from '../format';

type Rows = z.infer<typeof ZDashboardList>;

const SKELETON_KEYS = Array.from({ length: 5 }, (_, i) => `linha-${i}`);
const HEAD = 'sticky top-0 z-10 bg-muted px-2 py-2 text-left text-xs font-medium text-muted-foreground sm:px-3';
// Compact on phones so the three columns fit without sideways scrolling.
const CELL = 'whitespace-nowrap px-2 py-2 text-xs tabular-nums sm:px-3 sm:text-sm';

/** Spec part 1 §2: columns Ticket, Início, Fim; the spec's empty text when the period has none. */
export function AtendimentosTable({ rows, loading }: { rows: Rows | undefined; loading: boolean }) {
  return (
    <section className="flex max-h-72 min-w-0 flex-col overflow-hidden rounded-lg border md:h-72" aria-labelledby="dashboard-lista-titulo">
      <h3 id="dashboard-lista-titulo" className="px-3 py-2.5 text-sm font-medium">
        Atendimentos finalizados
      </h3>
      {loading ? (
        <div role="status" className="flex flex-col gap-2 px-3 pb-3" aria-busy="true" aria-label="Carregando atendimentos">
          {SKELETON_KEYS.map((k) => (
            <Skeleton key={k} className="h-7 w-full" />
          ))}
        </div>
      ) : !rows || rows.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 border-t px-4 py-8 text-center text-sm text-muted-foreground">
          <Inbox className="size-6" aria-hidden />
          {DASHBOARD_TEXTS.vazio}
        </div>
      ) : (
        // The box keeps its height: a month can hold hundreds of rows, they scroll under a sticky header.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus so the keyboard can scroll it (WCAG 2.1.1)
        <section className="min-h-0 flex-1 overflow-auto border-t" tabIndex={0} aria-label="Lista de atendimentos finalizados">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th scope="col" className={HEAD}>
                  Ticket
                </th>
                <th scope="col" className={HEAD}>
                  Início
                </th>
                <th scope="col" className={HEAD}>
                  Fim
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {rows.map((row) => (
                <tr key={row.ticket} className="hover:bg-muted/50">
                  <td className={`${CELL} font-medium`}>#{row.ticket}</td>
                  <td className={CELL}>{formatDateCell(row.inicio)}</td>
                  <td className={CELL}>{formatDateCell(row.fim)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
