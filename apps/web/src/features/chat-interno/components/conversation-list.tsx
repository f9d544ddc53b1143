import { useMemo, useState } from 'react';
import { MessageCirclePlus, MessagesSquare, Plus, SearchX, Users, WifiOff, X } from 'lucide-react';
import type { TConversa } from '@balcao/shared/chat-interno';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { cn } from '@/lib/utils';
import { filterConversas } from '../format';
import { useEstadoConexao } from '../realtime/chat-interno-socket';
import { PAINEL_TEXTS } from '../launcher-texts';
import { CONVERSA_TEXTS, LISTA_TEXTS } from '../texts';
import { ConversationRow } from './conversation-row';
import { SearchBox } from './search-box';

export type TNovoTipo = 'conversa' | 'grupo';

type Props = {
  conversas: TConversa[] | undefined;
  carregando: boolean;
  eu: { id: string; nome: string };
  selecionadaId: string | null;
  onSelecionar: (id: string) => void;
  onNovo: (tipo: TNovoTipo) => void;
  onFechar: () => void;
  className?: string;
};

const ESQUELETO_KEYS = Array.from({ length: 6 }, (_, i) => `esqueleto-${i}`);

/** Spec part 2 §2 "Conversation list": title, + menu, search, rows, the two empty states. */
export function ConversationList({ conversas, carregando, eu, selecionadaId, onSelecionar, onNovo, onFechar, className }: Props) {
  const [busca, setBusca] = useState('');
  const visiveis = useMemo(() => filterConversas(conversas ?? [], busca), [conversas, busca]);
  const estado = useEstadoConexao();
  const caiu = estado === 'Reconnecting' || estado === 'Disconnected';
  return (
    <aside className={cn('flex min-h-0 flex-col bg-muted/30', className)} aria-label={LISTA_TEXTS.titulo}>
      <div className="flex h-14 shrink-0 items-center gap-1 border-b px-3">
        <h2 className="flex-1 text-base font-semibold">{LISTA_TEXTS.titulo}</h2>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8" aria-label={LISTA_TEXTS.novo} title={LISTA_TEXTS.novo}>
              <Plus />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => onNovo('conversa')}>
              <MessageCirclePlus />
              {LISTA_TEXTS.novaConversa}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onNovo('grupo')}>
              <Users />
              {LISTA_TEXTS.novoGrupo}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={onFechar}
          aria-label={PAINEL_TEXTS.fecharPainel}
          title={PAINEL_TEXTS.fecharPainel}
        >
          <X />
        </Button>
      </div>
      <div className="shrink-0 p-2">
        <SearchBox value={busca} onChange={setBusca} placeholder={LISTA_TEXTS.buscar} className="h-8 bg-background" />
      </div>
      {caiu && (
        <p
          role="status"
          className="mx-2 mb-1 flex items-center gap-1.5 rounded-md bg-amber-500/15 px-2 py-1 text-xs text-amber-800 dark:text-amber-300"
        >
          <WifiOff className="size-3.5 shrink-0" aria-hidden />
          {CONVERSA_TEXTS.desconectado}
        </p>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto">
        {carregando && !conversas ? (
          <ul aria-hidden className="flex flex-col">
            {ESQUELETO_KEYS.map((k) => (
              <li key={k} className="flex h-16 items-center gap-3 px-3">
                <Skeleton className="size-10 rounded-full" />
                <span className="flex flex-1 flex-col gap-1.5">
                  <Skeleton className="h-3.5 w-2/3" />
                  <Skeleton className="h-3 w-5/6" />
                </span>
              </li>
            ))}
          </ul>
        ) : visiveis.length > 0 ? (
          <ul className="flex flex-col">
            {visiveis.map((c) => (
              <ConversationRow key={c.id} conversa={c} eu={eu} selecionada={c.id === selecionadaId} onSelecionar={onSelecionar} />
            ))}
          </ul>
        ) : busca.trim() ? (
          <EmptyState icon={SearchX} title={LISTA_TEXTS.nenhumaEncontrada} />
        ) : (
          <EmptyState
            icon={MessagesSquare}
            title={LISTA_TEXTS.nenhumaDisponivel}
            line={LISTA_TEXTS.cliqueMais}
            action={
              <Button size="sm" onClick={() => onNovo('conversa')} data-analytics-id="chat-interno-nova-conversa">
                <MessageCirclePlus />
                {LISTA_TEXTS.iniciarNova}
              </Button>
            }
          />
        )}
      </div>
    </aside>
  );
}
