import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Inbox, RotateCw, SearchX } from 'lucide-react';
import { STATUS_ATENDIMENTO, STATUS_LABEL, formatUnread, type TStatusAtendimento } from '@balcao/shared/atendimentos';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useConversas } from '../api';
import type { TFiltroConversas } from '../list-cache';
import { INBOX_TEXTS } from '../texts';
import { ConnectionIndicator } from './connection-indicator';
import { ConversationRow, ConversationRowSkeleton } from './conversation-row';
import { EmptyState } from './empty-state';
import { ListFilters } from './list-filters';

const SKELETON_KEYS = Array.from({ length: 8 }, (_, i) => `linha-${i}`);

type Props = {
  filtro: TFiltroConversas;
  /** The search as typed; `filtro.busca` is its debounced value. */
  busca: string;
  onBusca: (v: string) => void;
  onStatus: (s: TStatusAtendimento) => void;
  onDepartamento: (id: string | null) => void;
  onEtiqueta: (id: string | null) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Beside the connection state: the header's own action ('Nova conversa'). */
  acao?: ReactNode;
};

/** The left column: title and connection, search, department and label, the three tabs, the paged list. */
export function ConversationList({ filtro, busca, onBusca, onStatus, onDepartamento, onEtiqueta, selectedId, onSelect, acao }: Props) {
  const query = useConversas(filtro);
  const contagens = query.data?.pages[0]?.contagens;
  const rows = query.data?.pages.flatMap((p) => p.itens) ?? [];
  const filtrando = Boolean(filtro.busca.trim() || filtro.departamentoId || filtro.etiquetaId);

  return (
    // One Tabs root for the tabs and the list, so each tab controls the panel that is really there.
    <Tabs value={filtro.status} onValueChange={(v) => onStatus(v as TStatusAtendimento)} className="h-full min-h-0 gap-0">
      <div className="flex flex-col gap-2.5 border-b p-3">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-base font-semibold tracking-tight">{INBOX_TEXTS.titulo}</h1>
          <div className="flex items-center gap-1">
            <ConnectionIndicator />
            {acao}
          </div>
        </div>
        <ListFilters
          busca={busca}
          onBusca={onBusca}
          departamentoId={filtro.departamentoId}
          onDepartamento={onDepartamento}
          etiquetaId={filtro.etiquetaId ?? null}
          onEtiqueta={onEtiqueta}
        />
        <TabsList className="h-8 w-full">
          {STATUS_ATENDIMENTO.map((s) => (
            <TabsTrigger key={s} value={s} className="gap-1 px-1 text-xs">
              {STATUS_LABEL[s]}
              {contagens && s !== 'finalizado' && contagens[s] > 0 && (
                <span className="rounded-full bg-primary/15 px-1.5 text-[10px] font-semibold tabular-nums text-primary">
                  {formatUnread(contagens[s])}
                </span>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      <TabsContent value={filtro.status} className="min-h-0 overflow-y-auto" aria-busy={query.isPending}>
        {query.isPending ? (
          <div role="status" aria-label={INBOX_TEXTS.titulo}>
            {SKELETON_KEYS.map((k) => (
              <ConversationRowSkeleton key={k} />
            ))}
          </div>
        ) : query.isError && rows.length === 0 ? (
          <EmptyState
            icon={RotateCw}
            title={INBOX_TEXTS.erroLista}
            action={
              <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
                {INBOX_TEXTS.tentarNovamente}
              </Button>
            }
          />
        ) : rows.length === 0 ? (
          <ListaVazia
            status={filtro.status}
            filtrando={filtrando}
            onLimpar={() => {
              onBusca('');
              onDepartamento(null);
              onEtiqueta(null);
            }}
            onAguardando={() => onStatus('aguardando')}
          />
        ) : (
          <ul
            aria-label={`${INBOX_TEXTS.titulo}: ${STATUS_LABEL[filtro.status]}`}
            onKeyDown={moverFoco}
            className="divide-y divide-border/60"
          >
            {rows.map((r) => (
              <ConversationRow key={r.atendimentoId} row={r} selected={r.atendimentoId === selectedId} onSelect={onSelect} />
            ))}
            {query.hasNextPage && <MaisConversas loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />}
          </ul>
        )}
      </TabsContent>
    </Tabs>
  );
}

function ListaVazia({
  status,
  filtrando,
  onLimpar,
  onAguardando,
}: {
  status: TStatusAtendimento;
  filtrando: boolean;
  onLimpar: () => void;
  onAguardando: () => void;
}) {
  if (filtrando) {
    const [title, line] = INBOX_TEXTS.buscaVazia;
    return (
      <EmptyState
        icon={SearchX}
        title={title}
        line={line}
        action={
          <Button size="sm" variant="outline" onClick={onLimpar}>
            {INBOX_TEXTS.limparFiltros}
          </Button>
        }
      />
    );
  }
  const [title, line] = INBOX_TEXTS.listaVazia[status];
  const action =
    status === 'aguardando' ? undefined : (
      <Button size="sm" variant="outline" onClick={onAguardando}>
        {INBOX_TEXTS.verAguardando}
      </Button>
    );
  return <EmptyState icon={Inbox} title={title} line={line} action={action} />;
}

/** The next page loads when this row scrolls into view; the button serves the keyboard. */
function MaisConversas({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || loading) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore());
    io.observe(el);
    return () => io.disconnect();
  }, [loading, onMore]);
  return (
    <li ref={ref} className="p-2">
      {loading ? (
        <ConversationRowSkeleton />
      ) : (
        <Button variant="ghost" size="sm" className="w-full text-xs text-muted-foreground" onClick={onMore}>
          {INBOX_TEXTS.carregarMais}
        </Button>
      )}
    </li>
  );
}

/** Arrow keys walk the list, Home/End jump (keyboard first). */
function moverFoco(e: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(e.key)) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-conversa]')];
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? items.length - 1
        : e.key === 'ArrowDown'
          ? Math.min(items.length - 1, at + 1)
          : Math.max(0, at - 1);
  e.preventDefault();
  items[next]?.focus();
}
