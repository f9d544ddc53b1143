import { Link } from 'react-router';
import { KeyRound, RotateCw, Sparkles, X } from 'lucide-react';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { useIaEstado } from '../api';
import { IA_PAINEL_TEXTS as T } from '../texts';
import { AiChat } from './ai-chat';

const administra = (u: TCurrentUser) => u.role === 'admin' || u.role === 'master';

/** The spec's AI chat panel beside the open conversation (loaded only when first opened). */
export function AiPanel({ atendimento, user, onClose }: { atendimento: TAtendimento; user: TCurrentUser; onClose: () => void }) {
  const estado = useIaEstado();
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-14 shrink-0 items-center justify-between border-b px-4">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden />
          {T.titulo}
        </h2>
        <Button variant="ghost" size="icon" className="size-8" onClick={onClose} aria-label={T.fechar}>
          <X />
        </Button>
      </div>
      {estado.isPending ? (
        <div className="flex flex-col gap-3 p-4" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-8 w-2/3" />
        </div>
      ) : estado.isError ? (
        <EmptyState
          icon={Sparkles}
          title={T.erroCarregar}
          action={
            <Button size="sm" variant="outline" onClick={() => void estado.refetch()}>
              <RotateCw /> {T.tentar}
            </Button>
          }
        />
      ) : !estado.data.licenciado ? (
        <EmptyState
          icon={KeyRound}
          title={T.semLicencaTitulo}
          line={user.role === 'master' ? T.semLicencaMaster : T.semLicencaOutros}
          action={
            user.role === 'master' ? (
              <Button asChild size="sm">
                <Link to="/licenca">{T.irParaLicenca}</Link>
              </Button>
            ) : undefined
          }
        />
      ) : !estado.data.configurado ? (
        <EmptyState
          icon={Sparkles}
          title={T.semProvedorTitulo}
          line={administra(user) ? T.semProvedorAdmin : T.semProvedorOutros}
          action={
            administra(user) ? (
              <Button asChild size="sm">
                <Link to="/config?tab=integracoes#assistente-ia">{T.configurar}</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <AiChat key={atendimento.atendimentoId} atendimento={atendimento} />
      )}
    </div>
  );
}
