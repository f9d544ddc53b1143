import { useMemo, useState } from 'react';
import { ATENDENTE_TODOS, PERIODOS, type TDashboardQuery, type TPeriodo } from '@balcao/shared/dashboard';
import { LAYOUT_TEXTS } from '@balcao/shared/layout';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/api';
import { cn } from '@/lib/utils';
import { useDashboardList, useDashboardResult } from '../api';
import { PERIODO_PADRAO, periodRange } from '../periods';
import { AtendimentosTable } from './atendimentos-table';
import { FinalizadosChart } from './finalizados-chart';
import { MetricCards } from './metric-cards';
import { Segmented } from './segmented';

const PERIOD_OPTIONS = (Object.keys(PERIODOS) as TPeriodo[]).map((value) => ({ value, label: PERIODOS[value] }));
type Quem = 'eu' | 'todos';
const QUEM_OPTIONS = [
  { value: 'eu', label: 'Eu' },
  { value: 'todos', label: 'Todos' },
] as const satisfies readonly { value: Quem; label: string }[];

/** 'Meu Dashboard' (spec part 1 §2): period picker, four cards and the finished attendances of the period. */
export function PersonalDashboardDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { user } = useCurrentUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-4xl">
        {/* The body unmounts with the dialog: each opening starts on Mês with a fresh "today" and fetches anew. */}
        {user ? (
          <DashboardBody user={user} />
        ) : (
          <>
            <DialogTitle>{LAYOUT_TEXTS.dashboardTitlePrefix}</DialogTitle>
            <Skeleton className="h-40 w-full" />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DashboardBody({ user }: { user: TCurrentUser }) {
  const [periodo, setPeriodo] = useState<TPeriodo>(PERIODO_PADRAO);
  const [quem, setQuem] = useState<Quem>('eu');
  // `atendenteId=todos` is for admin and master only (the server answers 403 to others).
  const podeVerTodos = user.role === 'admin' || user.role === 'master';
  const todos = podeVerTodos && quem === 'todos';
  // Taken when the period changes, so "today" is the day the choice was made.
  const query = useMemo<TDashboardQuery>(
    () => ({ atendenteId: todos ? ATENDENTE_TODOS : user.id, ...periodRange(periodo) }),
    [todos, user.id, periodo],
  );
  const result = useDashboardResult(query);
  const list = useDashboardList(query);
  const refreshing = result.isPlaceholderData || list.isPlaceholderData;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{LAYOUT_TEXTS.dashboardTitlePrefix + user.nome}</DialogTitle>
        <DialogDescription>
          {todos ? 'Números de todos os atendentes no período escolhido.' : 'Seus números de atendimento no período escolhido.'}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Segmented label="Período" value={periodo} options={PERIOD_OPTIONS} onChange={setPeriodo} />
        {podeVerTodos && (
          <div className="flex items-center gap-2">
            <span className="text-sm text-muted-foreground" aria-hidden>
              Atendente:
            </span>
            <Segmented label="Atendente" value={quem} options={QUEM_OPTIONS} onChange={setQuem} />
          </div>
        )}
      </div>
      {/* Spec part 1 §8: a failed load is silent; the cards show 'N/A' and the table its empty text.
          While another period loads, the previous numbers stay, dimmed, instead of flashing skeletons. */}
      <div className={cn('flex min-w-0 flex-col gap-4 transition-opacity', refreshing && 'opacity-60')} aria-busy={refreshing}>
        <MetricCards result={result.isError ? undefined : result.data} loading={result.isPending} />
        <div className="grid gap-4 md:grid-cols-2">
          <AtendimentosTable rows={list.isError ? undefined : list.data} loading={list.isPending} />
          <FinalizadosChart rows={list.isError ? undefined : list.data} periodo={periodo} loading={list.isPending} />
        </div>
      </div>
    </>
  );
}
