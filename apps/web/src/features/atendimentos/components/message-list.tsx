import { Fragment, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { MessagesSquare, RotateCw } from 'lucide-react';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMensagens } from '../api';
import { chaveDia, rotuloDia } from '../format';
import { nomeDoAutor } from '../labels';
import { todasMensagens, type TMensagemLocal } from '../message-cache';
import { canEdit } from '../send';
import { INBOX_TEXTS, MENSAGENS_TEXTS } from '../texts';
import { PERTO_DO_FIM_PX } from '../ui-constants';
import { EmptyState } from './empty-state';
import { MessageBubble, ReactionLine, SystemNotice } from './message-bubble';

type Props = {
  atendimento: TAtendimento;
  meuId: string;
  onResponder?: (m: TMensagemLocal) => void;
  onCitarNoAi?: (m: TMensagemLocal) => void;
  podeTranscrever?: boolean;
  onRetry: (m: TMensagemLocal) => void;
  onReenviar?: (m: TMensagemLocal) => void;
  /** The channel has edits and the attendant may write here: own sent messages get 'Editar' and 'Apagar para todos'. */
  edicoes?: boolean;
};

/** Reactions go onto the message they react to when it is loaded; the rest are lines of their own. */
function agrupar(mensagens: TMensagemLocal[]) {
  const ids = new Set(mensagens.map((m) => m.id));
  const reacoes = new Map<string, TMensagemLocal[]>();
  const linhas: TMensagemLocal[] = [];
  for (const m of mensagens) {
    if (m.tipo === 'reaction' && m.reagindoA && ids.has(m.reagindoA)) reacoes.set(m.reagindoA, [...(reacoes.get(m.reagindoA) ?? []), m]);
    else linhas.push(m);
  }
  return { reacoes, linhas };
}

/**
 * The conversation's messages, oldest to newest, 25 a page with 'Carregar mensagens anteriores' on top.
 * It opens at the bottom, follows new messages while the reader is near the bottom, and keeps its place
 * when older pages are added above.
 */
export function MessageList({
  atendimento,
  meuId,
  onResponder,
  onCitarNoAi,
  podeTranscrever,
  onRetry,
  onReenviar,
  edicoes = false,
}: Props) {
  const query = useMensagens(atendimento.atendimentoId);
  const mensagens = useMemo(() => todasMensagens(query.data), [query.data]);
  const { reacoes, linhas } = useMemo(() => agrupar(mensagens), [mensagens]);
  const autores = useMemo(() => new Set(mensagens.filter((m) => m.autor === 'atendente').map((m) => m.atendenteId)), [mensagens]);
  const ref = useRef<HTMLDivElement>(null);
  const perto = useRef(true);
  const ancora = useRef<{ height: number; top: number } | null>(null);
  const ultima = mensagens[mensagens.length - 1];

  const nomeDe = useCallback(
    (m: Pick<TMensagem, 'autor' | 'atendenteId' | 'atendenteNome'>) => nomeDoAutor(m, atendimento.clienteNome, meuId),
    [atendimento.clienteNome, meuId],
  );

  const paraOFim = useCallback(() => {
    const el = ref.current;
    if (el && perto.current) el.scrollTop = el.scrollHeight;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the count and the last id are the triggers: a new or older page, a new last line
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (ancora.current) {
      el.scrollTop = el.scrollHeight - ancora.current.height + ancora.current.top;
      ancora.current = null;
      return;
    }
    // Our own new line always brings the view down; the customer's only when we were reading the end.
    if (ultima?.envio === 'pendente') perto.current = true;
    paraOFim();
  }, [mensagens.length, ultima?.id, ultima?.envio, paraOFim]);

  // Width changes (the customer panel, the window) and late media re-flow the list: keep the end in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: isPending is the trigger: the list's content element exists once loaded
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(paraOFim);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, [paraOFim, query.isPending]);

  const anteriores = () => {
    const el = ref.current;
    if (el) ancora.current = { height: el.scrollHeight, top: el.scrollTop };
    void query.fetchNextPage();
  };

  const onScroll = () => {
    const el = ref.current;
    if (el) perto.current = el.scrollHeight - el.scrollTop - el.clientHeight < PERTO_DO_FIM_PX;
  };

  return (
    <div
      ref={ref}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto bg-muted/30 px-3 py-3 md:px-6"
      role="log"
      aria-live="polite"
      aria-busy={query.isPending}
    >
      {query.isPending ? (
        <MessagesSkeleton />
      ) : query.isError && mensagens.length === 0 ? (
        <EmptyState
          icon={RotateCw}
          title={MENSAGENS_TEXTS.erro}
          action={
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {INBOX_TEXTS.tentarNovamente}
            </Button>
          }
        />
      ) : mensagens.length === 0 ? (
        <EmptyState className="h-full" icon={MessagesSquare} title={MENSAGENS_TEXTS.vazia[0]} line={MENSAGENS_TEXTS.vazia[1]} />
      ) : (
        <div className="mx-auto flex max-w-3xl flex-col">
          {query.hasNextPage && (
            <div className="flex justify-center pb-2">
              <Button
                variant="outline"
                size="sm"
                className="h-7 rounded-full text-xs"
                onClick={anteriores}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? MENSAGENS_TEXTS.carregando : MENSAGENS_TEXTS.carregarAnteriores}
              </Button>
            </div>
          )}
          {linhas.map((m, i) => {
            const dia = chaveDia(m.criadaEm);
            const novoDia = i === 0 || chaveDia(linhas[i - 1]!.criadaEm) !== dia;
            return (
              <Fragment key={m.clientId ?? m.id}>
                {novoDia && <DaySeparator iso={m.criadaEm} />}
                {m.autor === 'sistema' ? (
                  <SystemNotice m={m} />
                ) : m.tipo === 'reaction' ? (
                  <ReactionLine m={m} nome={nomeDe(m)} />
                ) : (
                  <MessageBubble
                    m={m}
                    reacoes={reacoes.get(m.id) ?? []}
                    nomeDe={nomeDe}
                    mostrarAutor={autores.size > 1}
                    onResponder={onResponder}
                    onCitarNoAi={onCitarNoAi}
                    podeTranscrever={podeTranscrever}
                    onRetry={onRetry}
                    onReenviar={onReenviar}
                    onMediaLoad={paraOFim}
                    alteravel={canEdit(m, meuId, edicoes)}
                  />
                )}
              </Fragment>
            );
          })}
        </div>
      )}
    </div>
  );
}

function DaySeparator({ iso }: { iso: string }) {
  return (
    <div className="flex justify-center py-2">
      <span className="rounded-full border bg-background/95 px-2.5 py-0.5 text-[11px] font-medium text-muted-foreground shadow-xs backdrop-blur">
        {rotuloDia(iso)}
      </span>
    </div>
  );
}

function MessagesSkeleton() {
  const linhas = ['w-48', 'w-64 self-end', 'w-40', 'w-56 self-end', 'w-72', 'w-36 self-end'];
  return (
    <div role="status" className="mx-auto flex max-w-3xl flex-col gap-3" aria-label={MENSAGENS_TEXTS.carregando}>
      {linhas.map((w) => (
        <Skeleton key={w} className={`h-10 rounded-2xl ${w}`} />
      ))}
    </div>
  );
}
