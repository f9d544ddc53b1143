import { Fragment, useEffect, useMemo, useRef } from 'react';
import { ChevronsUp, Loader2, MessageSquareDashed, TriangleAlert } from 'lucide-react';
import { CHAT_INTERNO_INLINE, ORIGEM_TIPO } from '@balcao/shared/chat-interno';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { useMensagens } from '../api';
import { chaveDia, rotuloDia } from '../format';
import { useRolagem } from '../hooks/use-rolagem';
import { withPendentes, mensagensEmOrdem, type TMensagemLocal } from '../message-cache';
import { markViewed, resend } from '../send';
import { usePendentes } from '../stores';
import { CONVERSA_TEXTS as T } from '../texts';
import { MessageBubble } from './message-bubble';

type Props = { conversaId: string; ehGrupo: boolean; user: TCurrentUser };

/** Spec part 2 §2 message area: older pages on demand, the empty state, day separators, bubbles. */
export function MessageList({ conversaId, ehGrupo, user }: Props) {
  const qc = useQueryClient();
  const q = useMensagens(conversaId);
  const pendentes = usePendentes(conversaId);
  const salvas = useMemo(() => mensagensEmOrdem(q.data), [q.data]);
  const lista = useMemo(() => withPendentes(salvas, pendentes), [salvas, pendentes]);
  const ultima = lista.at(-1);
  const { ref, onScroll, onMidia } = useRolagem({
    primeiroId: lista[0]?.id ?? null,
    ultimoId: ultima?.id ?? null,
    total: lista.length,
    ultimaMinha: ultima?.remetenteId === user.id,
  });

  // Spec §4/§7: what is on screen is viewed; tell the server once on open, then for each message from others
  // (our own messages move our read mark on the server already).
  const ultimaSalva = salvas.at(-1);
  const vistaId = ultimaSalva?.id ?? null;
  const ultimaSalvaMinha = ultimaSalva?.remetenteId === user.id;
  const marcou = useRef(false);
  useEffect(() => {
    if (!q.isSuccess || (marcou.current && ultimaSalvaMinha)) return;
    marcou.current = true;
    markViewed(qc, conversaId, vistaId);
  }, [qc, conversaId, vistaId, ultimaSalvaMinha, q.isSuccess]);

  if (q.isPending) {
    return (
      <div className="flex flex-1 flex-col justify-end gap-3 p-4" aria-hidden>
        <Skeleton className="h-9 w-2/5 rounded-2xl" />
        <Skeleton className="ml-auto h-9 w-1/3 rounded-2xl" />
        <Skeleton className="h-14 w-1/2 rounded-2xl" />
      </div>
    );
  }
  if (q.isError && !q.data) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 text-sm" role="alert">
        <TriangleAlert className="size-5 text-destructive" aria-hidden />
        <p>{CHAT_INTERNO_INLINE.erroCarregarConversa}</p>
        <Button variant="outline" size="sm" onClick={() => void q.refetch()}>
          {T.tentarNovamente}
        </Button>
      </div>
    );
  }

  let diaAnterior = '';
  return (
    <div ref={ref} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-3 py-2" role="log" aria-label={T.mensagens}>
      {q.hasNextPage && (
        <div className="flex justify-center py-1">
          <Button variant="ghost" size="sm" className="h-7 text-xs" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? <Loader2 className="animate-spin" /> : <ChevronsUp />}
            {T.carregarAnteriores}
          </Button>
        </div>
      )}
      {lista.length === 0 ? (
        <EmptyState className="h-full" icon={MessageSquareDashed} title={T.vazia} line={T.vaziaLinha} />
      ) : (
        lista.map((m, i) => {
          const dia = chaveDia(m.dataEnvio);
          const novoDia = dia !== diaAnterior;
          diaAnterior = dia;
          return (
            <Fragment key={m.clientId ?? m.id}>
              {novoDia && <DaySeparator iso={m.dataEnvio} />}
              <MessageBubble
                m={m}
                minha={m.remetenteId === user.id}
                mostrarRemetente={ehGrupo && m.remetenteId !== user.id && (novoDia || inicioDeSequencia(lista, i))}
                reservarAvatar={ehGrupo && m.remetenteId !== user.id}
                onRetry={(x: TMensagemLocal) => void resend(qc, user, x)}
                onMediaLoad={onMidia}
              />
            </Fragment>
          );
        })
      )}
    </div>
  );
}

/** First of a run of the same sender's messages (a notice in between starts a new run). */
const inicioDeSequencia = (lista: readonly TMensagemLocal[], i: number) => {
  const anterior = lista[i - 1];
  return !anterior || anterior.origemTipo === ORIGEM_TIPO.aviso || anterior.remetenteId !== lista[i]!.remetenteId;
};

function DaySeparator({ iso }: { iso: string }) {
  return (
    <div className="sticky top-0 z-[1] flex justify-center py-1.5">
      <span className="rounded-full border bg-background/90 px-2.5 py-0.5 text-[11px] font-medium text-muted-foreground shadow-xs backdrop-blur">
        {rotuloDia(iso, T)}
      </span>
    </div>
  );
}
