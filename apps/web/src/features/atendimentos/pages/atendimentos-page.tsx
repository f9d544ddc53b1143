import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MessagesSquare, SearchX, Settings, SquareKanban, UserRoundX } from 'lucide-react';
import { ZStatusAtendimento, ATENDIMENTO_TEXTS, type TStatusAtendimento } from '@balcao/shared/atendimentos';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/api';
import { BuscaAudiosButton } from '@/features/ia/components/busca-audios-button';
import { NovaConversaButton } from '@/features/nova-conversa/nova-conversa-button';
import { cn } from '@/lib/utils';
import { useAtendimento } from '../api';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';
import { CustomerPanel } from '../components/customer-panel';
import { EmptyState } from '../components/empty-state';
import { CONVERSA_PARAM, ChatProvider, useChatContext } from '../context/chat-context';
import { useMediaQuery } from '@/lib/use-media-query';
import { useDebounced, useFillHeight } from '../hooks';
import { ATENDEM_CLIENTES } from '../realtime/use-customer-chat-background';
import { useAtendimentoAberto } from '../realtime/use-realtime-binding';
import { CLIENTE_TEXTS, INBOX_TEXTS } from '../texts';
import { BUSCA_DEBOUNCE_MS, PAINEL_CLIENTE_MIN_PX } from '../ui-constants';

// The AI panel's code loads when it is first opened: the inbox's chunk stays as it was.
const AiPanel = lazy(async () => ({ default: (await import('@/features/ia/components/ai-panel')).AiPanel }));

const ABA_PARAM = 'aba';
const PAINEL_KEY = 'balcao:atendimentos:painel-cliente';

/** /atendimentos: the inbox for those who answer customers; a plain notice for the others (spec part 2 §6). */
export function AtendimentosPage() {
  const { user } = useCurrentUser();
  if (!user) return null; // the guarded layout shows pages only once the user is known
  if (!ATENDEM_CLIENTES.includes(user.role)) return <SemAcesso />;
  return (
    <ChatProvider>
      <Inbox user={user} />
    </ChatProvider>
  );
}

function SemAcesso() {
  return (
    <div className="p-6">
      <h1 className="text-2xl font-semibold tracking-tight">{INBOX_TEXTS.titulo}</h1>
      <EmptyState
        className="min-h-[60dvh]"
        icon={UserRoundX}
        title={INBOX_TEXTS.semPerfil}
        line={INBOX_TEXTS.semPerfilLinha}
        action={
          <div className="flex gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/config">
                <Settings />
                Configurações
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/tracker">
                <SquareKanban />
                Tracker
              </Link>
            </Button>
          </div>
        }
      />
    </div>
  );
}

function Inbox({ user }: { user: TCurrentUser }) {
  const fill = useFillHeight<HTMLDivElement>();
  const { atendimentoSelecionadoId: id, selecionar, aiAberto, fecharAi } = useChatContext();
  const detalhe = useAtendimento(id);
  const [params, setParams] = useSearchParams();
  const status: TStatusAtendimento = ZStatusAtendimento.catch('aguardando').parse(params.get(ABA_PARAM));
  const [busca, setBusca] = useState('');
  const [departamentoId, setDepartamentoId] = useState<string | null>(null);
  const [etiquetaId, setEtiquetaId] = useState<string | null>(null);
  const buscaAtiva = useDebounced(busca, BUSCA_DEBOUNCE_MS);
  const largo = useMediaQuery(`(min-width: ${PAINEL_CLIENTE_MIN_PX}px)`);
  const [painel, setPainel] = useState(() => localStorage.getItem(PAINEL_KEY) !== 'fechado');
  const [sheet, setSheet] = useState(false);
  useAtendimentoAberto(id);

  const setStatus = (s: TStatusAtendimento) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(ABA_PARAM, s);
        return next;
      },
      { replace: true },
    );
  const togglePanel = () => {
    if (!largo) return setSheet((v) => !v);
    localStorage.setItem(PAINEL_KEY, painel ? 'fechado' : 'aberto');
    setPainel(!painel);
  };
  const a = detalhe.data;

  return (
    <div ref={fill.ref} style={fill.style} className="flex min-h-0 overflow-hidden">
      <aside className={cn('flex w-full shrink-0 flex-col border-r md:w-[340px]', id && 'max-md:hidden')}>
        <ConversationList
          filtro={{ status, busca: buscaAtiva, departamentoId, etiquetaId }}
          busca={busca}
          onBusca={setBusca}
          onStatus={setStatus}
          onDepartamento={setDepartamentoId}
          onEtiqueta={setEtiquetaId}
          selectedId={id}
          onSelect={selecionar}
          acao={
            <>
              <BuscaAudiosButton onAbrir={selecionar} />
              <NovaConversaButton
                onAberta={(atendimentoId, nova) =>
                  // One navigation: a new conversation is the caller's, in progress; an open one keeps the tab.
                  setParams((prev) => {
                    const next = new URLSearchParams(prev);
                    if (nova) next.set(ABA_PARAM, 'em_atendimento');
                    next.set(CONVERSA_PARAM, atendimentoId);
                    return next;
                  })
                }
              />
            </>
          }
        />
      </aside>
      <section aria-label={INBOX_TEXTS.titulo} className={cn('flex min-w-0 flex-1 flex-col', !id && 'max-md:hidden')}>
        {!id ? (
          <EmptyState
            className="h-full bg-muted/30"
            icon={MessagesSquare}
            title={INBOX_TEXTS.nenhumaSelecionada[0]}
            line={INBOX_TEXTS.nenhumaSelecionada[1]}
          />
        ) : a ? (
          <ConversationView
            atendimento={a}
            user={user}
            panelOpen={largo ? painel : sheet}
            noCanto={!(largo && (painel || aiAberto))}
            onTogglePanel={togglePanel}
            onAceito={() => setStatus('em_atendimento')}
          />
        ) : detalhe.isError ? (
          <EmptyState
            className="h-full"
            icon={SearchX}
            title={ATENDIMENTO_TEXTS.naoEncontrado}
            action={
              <Button size="sm" variant="outline" onClick={() => selecionar(null)}>
                {INBOX_TEXTS.voltar}
              </Button>
            }
          />
        ) : (
          <ConversationSkeleton />
        )}
      </section>
      {a && largo && aiAberto && (
        <aside className="flex w-[340px] shrink-0 flex-col border-l" aria-label={INBOX_TEXTS.assistenteIa}>
          <Suspense fallback={<PainelSkeleton />}>
            <AiPanel atendimento={a} user={user} onClose={fecharAi} />
          </Suspense>
        </aside>
      )}
      {a && !largo && (
        <Sheet open={aiAberto} onOpenChange={(v) => !v && fecharAi()}>
          <SheetContent side="right" className="w-[360px] max-w-[95vw] gap-0 p-0 [&>button:last-child]:hidden">
            <SheetTitle className="sr-only">{INBOX_TEXTS.assistenteIa}</SheetTitle>
            <Suspense fallback={<PainelSkeleton />}>
              <AiPanel atendimento={a} user={user} onClose={fecharAi} />
            </Suspense>
          </SheetContent>
        </Sheet>
      )}
      {a && largo && painel && !aiAberto && (
        <aside className="flex w-[300px] shrink-0 flex-col border-l" aria-label={CLIENTE_TEXTS.titulo}>
          <CustomerPanel atendimento={a} onAbrir={selecionar} onClose={togglePanel} />
        </aside>
      )}
      {a && !largo && (
        <Sheet open={sheet} onOpenChange={setSheet}>
          <SheetContent side="right" className="w-[300px] max-w-[90vw] gap-0 p-0 [&>button:last-child]:hidden">
            <SheetTitle className="sr-only">{CLIENTE_TEXTS.titulo}</SheetTitle>
            <CustomerPanel
              atendimento={a}
              onAbrir={(x) => {
                setSheet(false);
                selecionar(x);
              }}
              onClose={() => setSheet(false)}
            />
          </SheetContent>
        </Sheet>
      )}
    </div>
  );
}

function PainelSkeleton() {
  return (
    <div className="flex flex-col gap-3 p-4" aria-busy="true">
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

function ConversationSkeleton() {
  return (
    <div className="flex h-full flex-col" aria-busy="true">
      <div className="flex h-14 items-center gap-3 border-b px-4">
        <Skeleton className="size-9 rounded-full" />
        <div className="flex flex-col gap-1.5">
          <Skeleton className="h-3.5 w-40" />
          <Skeleton className="h-3 w-56" />
        </div>
      </div>
      <div className="flex-1 bg-muted/30" />
      <div className="h-16 border-t" />
    </div>
  );
}
