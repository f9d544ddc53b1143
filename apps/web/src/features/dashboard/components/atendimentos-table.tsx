import { Inbox } from 'lucide-react';
import type { z } from 'zod';
import { DASHBOARD_TEXTS, type ZDashboardList } from '@balcao/shared/dashboard';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateCell } from '../format';

type Rows = z.infer<typeof ZDashboardList>;

const HEAD = 'sticky top-0 z-10 bg-muted px-3 py-2 text-left text-xs font-medium text-muted-foreground';

/** Spec part 1 §2: columns Ticket, Início, Fim; the spec's empty text when the period has none. */
export function AtendimentosTable({ rows, loading }: { rows: Rows | undefined; loading: boolean }) {
  if (loading) {
    return (
      <div className="flex flex-col gap-2 rounded-lg border p-3" aria-busy="true" aria-label="Carregando atendimentos">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
        <Inbox className="size-6" aria-hidden />
        {DASHBOARD_TEXTS.vazio}
      </div>
    );
  }
  return (
    // Capped height: a month can hold hundreds of rows and the dialog must keep its cards in view.
    <div className="max-h-72 overflow-auto rounded-lg border" tabIndex={0} role="region" aria-label="Atendimentos finalizados no período">
      <table className="w-full text-sm">
        <thead>
          <tr>
            <th scope="col" className={HEAD}>Ticket</th>
            <th scope="col" className={HEAD}>Início</th>
            <th scope="col" className={HEAD}>Fim</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={row.ticket} className="hover:bg-muted/50">
              <td className="px-3 py-2 font-medium tabular-nums">#{row.ticket}</td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDateCell(row.inicio)}</td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDateCell(row.fim)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
