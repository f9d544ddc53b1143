import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CalendarDays, Users } from 'lucide-react';
import { PRIORIDADE_NOMES, type TColuna, type TTarefa, type TTarefaPagina } from '@balcao/shared/tracker';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { type TFiltroTarefas, trackerKeys, useMoveTarefa, useTarefas } from './api';
import { ordemEntre } from './format';

const COLUNA = 'coluna:';

/** The card's face: number, title and what a team scans for (priority, people, due date, complexity). */
function TarefaCartao({ t, className }: { t: TTarefa; className?: string }) {
  return (
    <span className={cn('flex flex-col gap-1.5 rounded-md border bg-card p-3 text-left text-sm shadow-xs', className)}>
      <span className="text-xs text-muted-foreground">#{t.numero}</span>
      <span className="font-medium leading-snug">{t.titulo}</span>
      <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span
          className={cn(
            'rounded px-1.5 py-0.5',
            t.prioridade === 'urgente' || t.prioridade === 'alta' ? 'bg-destructive/15 text-destructive' : 'bg-muted',
          )}
        >
          {PRIORIDADE_NOMES[t.prioridade]}
        </span>
        {t.complexidade !== null && <span className="rounded bg-muted px-1.5 py-0.5">{t.complexidade} pts</span>}
        {t.prazo && (
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3" aria-hidden />
            {t.prazo.split('-').reverse().join('/')}
          </span>
        )}
        {t.responsaveis.length > 0 && (
          <span className="inline-flex items-center gap-1">
            <Users className="size-3" aria-hidden />
            {t.responsaveis.map((r) => r.nome).join(', ')}
          </span>
        )}
        {t.etiquetas.map((e) => (
          <span key={e} className="rounded bg-primary/10 px-1.5 py-0.5 text-primary">
            {e}
          </span>
        ))}
      </span>
    </span>
  );
}

function CartaoArrastavel({ t, onAbrir }: { t: TTarefa; onAbrir: (id: string) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: t.id, data: { tarefa: t } });
  return (
    <button
      type="button"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'block w-full rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        isDragging && 'opacity-60',
      )}
      {...attributes}
      {...listeners}
      aria-roledescription="tarefa arrastável"
      aria-label={`#${t.numero} ${t.titulo}`}
      onClick={() => onAbrir(t.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onAbrir(t.id);
        else listeners?.onKeyDown?.(e);
      }}
    >
      <TarefaCartao t={t} />
    </button>
  );
}

function Coluna({ coluna, filtro, onAbrir }: { coluna: TColuna; filtro: TFiltroTarefas; onAbrir: (id: string) => void }) {
  const q = useTarefas(coluna.id, filtro);
  const tarefas = q.data?.pages.flatMap((p) => p.tarefas) ?? [];
  const { setNodeRef, isOver } = useDroppable({ id: `${COLUNA}${coluna.id}`, data: { status: coluna.id } });
  return (
    <section aria-label={coluna.nome} className="flex w-72 shrink-0 flex-col gap-2 rounded-lg bg-muted/50 p-2">
      <h2 className="flex items-center justify-between px-1 text-sm font-semibold">
        {coluna.nome}
        <span className="text-xs font-normal text-muted-foreground">
          {tarefas.length}
          {q.hasNextPage ? '+' : ''}
        </span>
      </h2>
      <SortableContext id={coluna.id} items={tarefas.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <div ref={setNodeRef} className={cn('flex min-h-16 flex-col gap-2 rounded-md p-0.5', isOver && 'bg-primary/5')}>
          {q.isPending && <Skeleton className="h-20" />}
          {tarefas.map((t) => (
            <CartaoArrastavel key={t.id} t={t} onAbrir={onAbrir} />
          ))}
        </div>
      </SortableContext>
      {q.hasNextPage && (
        <Button variant="ghost" size="sm" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          Carregar mais
        </Button>
      )}
    </section>
  );
}

/** Where a drop lands: a card's place in its column, or the end of an (empty) column. */
function destino(e: DragEndEvent, lista: (status: string) => TTarefa[]) {
  const over = e.over;
  if (!over) return null;
  const ativo = e.active.data.current?.tarefa as TTarefa;
  const overTarefa = over.data.current?.tarefa as TTarefa | undefined;
  const status = overTarefa ? overTarefa.status : (over.data.current?.status as string);
  const outras = lista(status).filter((t) => t.id !== ativo.id);
  let posicao = overTarefa ? outras.findIndex((t) => t.id === overTarefa.id) : outras.length;
  if (overTarefa && ativo.status === status) {
    // Within a column the dragged card takes the place of the one it is over.
    const antes = lista(status).findIndex((t) => t.id === ativo.id) < lista(status).findIndex((t) => t.id === overTarefa.id);
    if (antes) posicao += 1;
  }
  if (posicao < 0) posicao = outras.length;
  return { ativo, status, posicao, ordem: ordemEntre(outras, posicao) };
}

type Alvo = { data: { current?: Record<string, unknown> } } | null;
const statusDo = (over: Alvo) =>
  ((over?.data.current?.tarefa as TTarefa | undefined)?.status ?? over?.data.current?.status) as string | undefined;

/** What a screen reader hears while a card moves: which column it is over, in the board's words. */
const anunciosDe = (colunas: TColuna[]) => {
  const onde = (over: Alvo) => colunas.find((c) => c.id === statusDo(over))?.nome;
  return {
    onDragStart: ({ active }: { active: NonNullable<Alvo> }) =>
      `Tarefa ${(active.data.current?.tarefa as TTarefa | undefined)?.titulo ?? ''} selecionada. Use as setas para mover e espaço para soltar.`,
    onDragOver: ({ over }: { over: Alvo }) => (onde(over) ? `Tarefa sobre a coluna ${onde(over)}.` : 'Tarefa fora do quadro.'),
    onDragEnd: ({ over }: { over: Alvo }) => (onde(over) ? `Tarefa solta na coluna ${onde(over)}.` : 'Tarefa solta fora do quadro.'),
    onDragCancel: () => 'Movimento cancelado.',
  };
};

/** The board: one column per status, cards dragged with the mouse, touch or keyboard (space, arrows, space). */
export function Quadro({ colunas, filtro, onAbrir }: { colunas: TColuna[]; filtro: TFiltroTarefas; onAbrir: (id: string) => void }) {
  const mover = useMoveTarefa();
  const qc = useQueryClient();
  const tarefasDe = (status: string) =>
    qc.getQueryData<InfiniteData<TTarefaPagina>>(trackerKeys.pagina(status, filtro))?.pages.flatMap((p) => p.tarefas) ?? [];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      accessibility={{
        announcements: anunciosDe(colunas),
        screenReaderInstructions: {
          draggable: 'Para mover uma tarefa, pressione espaço, use as setas e pressione espaço para soltar. Enter abre a tarefa.',
        },
      }}
      onDragEnd={(e) => {
        const d = destino(e, tarefasDe);
        if (!d) return;
        const atual = tarefasDe(d.ativo.status).filter((t) => t.id !== d.ativo.id);
        const igual = d.status === d.ativo.status && tarefasDe(d.status).findIndex((t) => t.id === d.ativo.id) === d.posicao;
        if (igual && atual.length) return;
        mover.mutate({ tarefa: d.ativo, status: d.status, posicao: d.posicao, ordem: d.ordem });
      }}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a board wider than the screen scrolls by keyboard too, even with no card to focus */}
      <section tabIndex={0} aria-label="Quadro de tarefas" className="flex min-h-0 flex-1 gap-3 overflow-x-auto pb-2">
        {colunas.map((c) => (
          <Coluna key={c.id} coluna={c} filtro={filtro} onAbrir={onAbrir} />
        ))}
      </section>
    </DndContext>
  );
}
