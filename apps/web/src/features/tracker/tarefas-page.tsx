import { ListTodo, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PRIORIDADE_NOMES, type TTarefa } from '@balcao/shared/tracker';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { useCurrentUser } from '@/features/auth/api';
import { cn } from '@/lib/utils';
import { type TFiltroTarefas, useColunas, useTarefas } from './api';
import { Quadro } from './board';
import { useTrackerLive } from './live';
import { NovaTarefaDialog } from './nova-tarefa-dialog';
import { TarefaDrawer } from './tarefa-drawer';

function Lista({ filtro, colunas, onAbrir }: { filtro: TFiltroTarefas; colunas: Map<string, string>; onAbrir: (id: string) => void }) {
  const q = useTarefas(null, filtro);
  const tarefas = q.data?.pages.flatMap((p) => p.tarefas) ?? [];
  if (q.isPending) return <Skeleton className="h-40" />;
  if (!tarefas.length) return <EmptyState icon={ListTodo} title="Nenhuma tarefa encontrada." line="Mude os filtros ou crie uma tarefa." />;
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="p-2 font-medium">Nº</th>
            <th className="p-2 font-medium">Título</th>
            <th className="p-2 font-medium">Status</th>
            <th className="hidden p-2 font-medium sm:table-cell">Prioridade</th>
            <th className="hidden p-2 font-medium md:table-cell">Responsáveis</th>
          </tr>
        </thead>
        <tbody>
          {tarefas.map((t: TTarefa) => (
            <tr key={t.id} className="border-t hover:bg-muted/40">
              <td className="p-2 text-muted-foreground">#{t.numero}</td>
              <td className="p-2">
                <button type="button" className="text-left font-medium hover:underline" onClick={() => onAbrir(t.id)}>
                  {t.titulo}
                </button>
              </td>
              <td className="p-2">{colunas.get(t.status) ?? t.status}</td>
              <td className="hidden p-2 sm:table-cell">{PRIORIDADE_NOMES[t.prioridade]}</td>
              <td className="hidden p-2 md:table-cell">{t.responsaveis.map((r) => r.nome).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {q.hasNextPage && (
        <Button variant="outline" className="self-center" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          Carregar mais
        </Button>
      )}
    </div>
  );
}

/** /tracker/tarefas: the board or the list, "Minhas tarefas" (?minhas=true), search, and the task drawer (?tarefa=). */
export function TarefasPage() {
  const { user } = useCurrentUser();
  useTrackerLive(user?.id);
  const [params, setParams] = useSearchParams();
  const [nova, setNova] = useState(false);
  const colunas = useColunas();
  const visao = params.get('visao') === 'lista' ? 'lista' : 'quadro';
  const minhas = params.get('minhas') === 'true';
  const q = params.get('q') ?? '';
  const filtro: TFiltroTarefas = { ...(minhas ? { minhas: 'true' as const } : {}), ...(q.trim() ? { q: q.trim() } : {}) };
  const set = (k: string, v: string | null) =>
    setParams(
      (p) => {
        if (v === null) p.delete(k);
        else p.set(k, v);
        return p;
      },
      { replace: k === 'q' },
    );
  const admin = user?.role === 'admin' || user?.role === 'master';
  const nomes = new Map((colunas.data ?? []).map((c) => [c.id, c.nome]));

  return (
    <div className="flex h-full min-h-0 w-full flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{minhas ? 'Minhas tarefas' : 'Tarefas'}</h1>
        <Button onClick={() => setNova(true)}>
          <Plus aria-hidden /> Nova tarefa
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="inline-flex rounded-md border p-0.5">
          <legend className="sr-only">Visualização</legend>
          {(['quadro', 'lista'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={visao === v}
              className={cn('rounded px-3 py-1 text-sm', visao === v ? 'bg-primary text-primary-foreground' : 'hover:bg-muted')}
              onClick={() => set('visao', v === 'lista' ? 'lista' : null)}
            >
              {v === 'quadro' ? 'Quadro' : 'Lista'}
            </button>
          ))}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={minhas} onChange={(e) => set('minhas', e.target.checked ? 'true' : null)} />
          Só as minhas
        </label>
        <Input
          type="search"
          aria-label="Buscar tarefas por título ou número"
          placeholder="Buscar por título ou #número"
          value={q}
          onChange={(e) => set('q', e.target.value || null)}
          className="sm:max-w-xs"
        />
      </div>
      {colunas.isPending && <Skeleton className="h-64" />}
      {colunas.data &&
        (visao === 'quadro' ? (
          <Quadro colunas={colunas.data} filtro={filtro} onAbrir={(id) => set('tarefa', id)} />
        ) : (
          <Lista filtro={filtro} colunas={nomes} onAbrir={(id) => set('tarefa', id)} />
        ))}
      <TarefaDrawer
        id={params.get('tarefa')}
        colunas={colunas.data ?? []}
        admin={admin}
        podeExcluir={(t) => admin || t.criadoPor?.id === user?.id}
        onFechar={() => set('tarefa', null)}
      />
      <NovaTarefaDialog open={nova} onOpenChange={setNova} />
    </div>
  );
}
