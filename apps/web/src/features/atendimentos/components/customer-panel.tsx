import type { ReactNode } from 'react';
import { History, Mail, Megaphone, Phone, Star, X } from 'lucide-react';
import type { TAnuncio, TAtendimento } from '@balcao/shared/atendimentos';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsentimentoSection } from '@/features/consentimento/consentimento-section';
import { mensagemHttp } from '@/lib/http';
import { cn } from '@/lib/utils';
import { TarefasVinculadas } from '@/features/tracker/tarefas-vinculadas';
import { useCliente, useMensagens } from '../api';
import { todasMensagens } from '../message-cache';
import { formatDataHora, formatNumero } from '../format';
import { CLIENTE_TEXTS, INBOX_TEXTS, STATUS_ITEM } from '../texts';
import { EmptyState } from './empty-state';
import { OrigemBadge } from './origem-badge';

const NOTA_MAX = 5;

/** The customer beside the conversation: who it is, how to reach them, what they asked before. */
export function CustomerPanel({
  atendimento: a,
  onClose,
  onAbrir,
}: {
  atendimento: TAtendimento;
  onClose?: () => void;
  onAbrir: (id: string) => void;
}) {
  const { data: cliente, isPending, isError, error, refetch } = useCliente(a.clienteId);
  const anteriores = cliente?.atendimentos.filter((x) => x.atendimentoId !== a.atendimentoId) ?? [];
  const nome = cliente?.nome ?? a.clienteNome;
  const mensagens = useMensagens(a.atendimentoId).data;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-14 shrink-0 items-center justify-between border-b px-4">
        <h2 className="text-sm font-semibold">{CLIENTE_TEXTS.titulo}</h2>
        {onClose && (
          <Button variant="ghost" size="icon" className="size-8" onClick={onClose} aria-label={CLIENTE_TEXTS.fechar}>
            <X />
          </Button>
        )}
      </div>
      {/*
        The scrolling area stops above the internal chat's floating button (bottom-right, 64 px high with its margin):
        no line of the panel can sit under it, at rest or scrolled.
      */}
      {/* Focusable, so the keyboard can scroll it when its content is taller than the panel (axe scrollable-region-focusable). */}
      <section
        aria-label={CLIENTE_TEXTS.titulo}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-ring/60 md:mb-20 md:border-b"
      >
        <section className="flex flex-col items-center gap-1.5 border-b px-4 py-5 text-center">
          <UserAvatar nome={nome} fotoUrl={cliente?.avatar ?? a.Avatar} className="size-16 text-base" />
          <p className="mt-1 break-words text-sm font-semibold">{nome}</p>
          <OrigemBadge origem={a.origem} canal={a.canalNome} />
        </section>
        <dl className="flex flex-col gap-3 border-b px-4 py-4 text-sm">
          <Campo icon={<Phone />} rotulo={CLIENTE_TEXTS.numero} valor={formatNumero(cliente?.numero ?? a.numero)} />
          <Campo
            icon={<Mail />}
            rotulo={CLIENTE_TEXTS.email}
            valor={isPending ? null : (cliente?.email ?? CLIENTE_TEXTS.naoInformado)}
            vazio={!cliente?.email}
          />
          {cliente?.identificador && <Campo rotulo={CLIENTE_TEXTS.identificador} valor={cliente.identificador} />}
          <Campo rotulo={CLIENTE_TEXTS.canal} valor={a.canalNome} />
          <Campo
            rotulo={CLIENTE_TEXTS.departamento}
            valor={a.departamentoNome ?? CLIENTE_TEXTS.semDepartamento}
            vazio={!a.departamentoNome}
          />
          {a.atendenteNome && <Campo rotulo={CLIENTE_TEXTS.atendente} valor={a.atendenteNome} />}
          <Campo rotulo={CLIENTE_TEXTS.inicio} valor={formatDataHora(a.inicio)} />
          {a.anuncio && <Anuncio anuncio={a.anuncio} />}
        </dl>
        {cliente && (
          <div className="border-b px-4 py-4">
            <ConsentimentoSection
              clienteId={a.clienteId}
              temNumero={Boolean(cliente.numero || cliente.identificador?.startsWith('whatsapp'))}
              temEmail={Boolean(cliente.email)}
            />
          </div>
        )}
        <TarefasVinculadas atendimento={a} mensagens={todasMensagens(mensagens)} />
        <section className="px-2 py-3">
          <h3 className="flex items-center gap-1.5 px-2 pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            <History className="size-3.5" aria-hidden /> {CLIENTE_TEXTS.anteriores}
          </h3>
          {isPending ? (
            <div className="flex flex-col gap-2 px-2">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : isError ? (
            <EmptyState
              className="py-4"
              icon={History}
              title={mensagemHttp(error, CLIENTE_TEXTS.erro)}
              action={
                <Button size="sm" variant="outline" onClick={() => void refetch()}>
                  {INBOX_TEXTS.tentarNovamente}
                </Button>
              }
            />
          ) : anteriores.length === 0 ? (
            <EmptyState className="py-4" icon={History} title={CLIENTE_TEXTS.nenhumAnterior} line={CLIENTE_TEXTS.nenhumAnteriorLinha} />
          ) : (
            <ul className="flex flex-col">
              {anteriores.map((x) => (
                <Anterior key={x.atendimentoId} x={x} onAbrir={onAbrir} />
              ))}
            </ul>
          )}
        </section>
      </section>
    </div>
  );
}

function Campo({ icon, rotulo, valor, vazio }: { icon?: ReactNode; rotulo: string; valor: string | null; vazio?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5">
        {icon}
        {rotulo}
      </dt>
      <dd className={cn('break-words', vazio && 'text-muted-foreground')}>{valor ?? <Skeleton className="h-4 w-32" />}</dd>
    </div>
  );
}

/** Only a web address opens: the ad's URL comes from the provider and is never run as a script. */
const linkSeguro = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** The ad the customer clicked to start this conversation (WhatsApp click-to-chat): its title, opening its page. */
function Anuncio({ anuncio }: { anuncio: TAnuncio }) {
  const href = linkSeguro(anuncio.url);
  const texto = anuncio.titulo ?? anuncio.url;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5">
        <Megaphone />
        {CLIENTE_TEXTS.anuncio}
      </dt>
      <dd className={cn('break-words', !texto && 'text-muted-foreground')}>
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
            {texto}
          </a>
        ) : (
          (texto ?? CLIENTE_TEXTS.anuncioSemDetalhes)
        )}
      </dd>
    </div>
  );
}

function Anterior({ x, onAbrir }: { x: TAtendimento; onAbrir: (id: string) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onAbrir(x.atendimentoId)}
        className="flex w-full flex-col gap-0.5 rounded-md px-2 py-2 text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/60"
      >
        <span className="flex items-center gap-2 text-sm">
          <span className="font-medium tabular-nums">{CLIENTE_TEXTS.ticket(x.ticket)}</span>
          <span className="text-xs text-muted-foreground">{STATUS_ITEM[x.status]}</span>
          {x.nota !== null && (
            <span
              role="img"
              className="ml-auto flex items-center gap-0.5 text-xs text-amber-600 dark:text-amber-400"
              aria-label={CLIENTE_TEXTS.nota(x.nota)}
              title={CLIENTE_TEXTS.nota(x.nota)}
            >
              <Star className="size-3 fill-current" aria-hidden />
              {x.nota}/{NOTA_MAX}
            </span>
          )}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {formatDataHora(x.inicio)}
          {x.atendenteNome ? ` · ${x.atendenteNome}` : ''}
          {x.departamentoNome ? ` · ${x.departamentoNome}` : ''}
        </span>
      </button>
    </li>
  );
}
