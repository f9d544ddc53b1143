import { type ReactNode, useState } from 'react';
import {
  ArrowLeft,
  ArrowRightLeft,
  CircleCheck,
  EllipsisVertical,
  PanelRightClose,
  PanelRightOpen,
  Sparkles,
  UserCheck,
} from 'lucide-react';
import type { TAtendimento, TTransferir } from '@balcao/shared/atendimentos';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { AcoesInternas } from '@/features/etiquetas/conversa-acoes';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useAcaoAtendimento } from '../api';
import { useChatContext } from '../context/chat-context';
import { formatDataHora, formatNumero } from '../format';
import { canSee } from '../list-cache';
import { usePresence } from '../realtime/presence-store';
import { INBOX_TEXTS } from '../texts';
import { FinishDialog } from './finish-dialog';
import { OrigemBadge } from './origem-badge';
import { TransferDialog } from './transfer-dialog';

type Props = {
  atendimento: TAtendimento;
  user: TCurrentUser;
  onBack: () => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
  /** After Aceitar the list follows the conversation to Em atendimento. */
  onAceito: () => void;
  /** After a transfer the attendant may no longer see it. */
  onPerdido: () => void;
};

/** An atendente acts on his own and on the queue; admin and master on any. */
const podeAgir = (a: TAtendimento, u: TCurrentUser) =>
  u.role === 'admin' || u.role === 'master' || a.atendenteId === u.id || a.status === 'aguardando';

function linhaStatus(a: TAtendimento) {
  if (a.status === 'aguardando') return INBOX_TEXTS.aguardandoEm(a.departamentoNome);
  if (a.status === 'em_atendimento') return INBOX_TEXTS.comAtendente(a.atendenteNome);
  return INBOX_TEXTS.finalizadoEm(formatDataHora(a.fim ?? a.ultimaMensagemEm ?? a.inicio));
}

export function ConversationHeader({ atendimento: a, user, onBack, panelOpen, onTogglePanel, onAceito, onPerdido }: Props) {
  const { aceitar, transferir, finalizar } = useAcaoAtendimento();
  const presence = usePresence(a.atendimentoId);
  const { aiAberto, alternarAi } = useChatContext();
  const [transferOpen, setTransferOpen] = useState(false);
  const [finishOpen, setFinishOpen] = useState(false);
  const aberto = a.status !== 'finalizado';
  const agir = aberto && podeAgir(a, user);
  const falha = (err: unknown) => toast.error(errorMessage(err, INBOX_TEXTS.erroAcao));

  const onAceitar = () => aceitar.mutate(a.atendimentoId, { onSuccess: onAceito, onError: falha });
  const onTransferir = (destino: TTransferir) =>
    transferir.mutate(
      { id: a.atendimentoId, destino },
      {
        onSuccess: (row) => {
          setTransferOpen(false);
          toast.success(INBOX_TEXTS.transferido);
          if (!canSee(row, user)) onPerdido();
        },
        onError: falha,
      },
    );
  const onFinalizar = () =>
    finalizar.mutate(a.atendimentoId, {
      onSuccess: () => {
        setFinishOpen(false);
        toast.success(INBOX_TEXTS.finalizado);
      },
      onError: falha,
    });

  return (
    <header className="@container flex h-14 shrink-0 items-center gap-2 border-b px-2 md:px-4">
      <Button variant="ghost" size="icon" className="size-8 md:hidden" onClick={onBack} aria-label={INBOX_TEXTS.voltar}>
        <ArrowLeft />
      </Button>
      <UserAvatar nome={a.clienteNome} fotoUrl={a.Avatar} className="size-9" />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="truncate text-sm font-semibold">{a.clienteNome}</h2>
          <OrigemBadge origem={a.origem} canal={a.canalNome} className="@max-md:hidden" />
        </div>
        <p className="truncate text-xs text-muted-foreground">
          {presence?.digitando ? (
            <span className="text-primary">{INBOX_TEXTS.digitando}</span>
          ) : (
            <>
              <span className="tabular-nums">#{a.ticket}</span> · {linhaStatus(a)}
              <span className="@max-2xl:hidden"> · {formatNumero(a.numero)}</span>
            </>
          )}
        </p>
      </div>
      {agir && a.status === 'aguardando' && (
        <Button size="sm" onClick={onAceitar} disabled={aceitar.isPending} data-analytics-id="atendimento-aceitar">
          <UserCheck />
          {INBOX_TEXTS.aceitar}
        </Button>
      )}
      <div className="flex items-center gap-1 max-sm:hidden">
        <AcoesInternas atendimento={a} />
      </div>
      {agir && (
        <div className="flex items-center gap-1 max-sm:hidden">
          <HeaderAction
            icon={<ArrowRightLeft />}
            label={INBOX_TEXTS.transferir}
            id="atendimento-transferir"
            onClick={() => setTransferOpen(true)}
          />
          <HeaderAction
            icon={<CircleCheck />}
            label={INBOX_TEXTS.finalizar}
            id="atendimento-finalizar"
            onClick={() => setFinishOpen(true)}
          />
        </div>
      )}
      {agir && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8 sm:hidden" aria-label={INBOX_TEXTS.mais}>
              <EllipsisVertical />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setTransferOpen(true)}>
              <ArrowRightLeft />
              {INBOX_TEXTS.transferir}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setFinishOpen(true)}>
              <CircleCheck />
              {INBOX_TEXTS.finalizar}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant={aiAberto ? 'secondary' : 'ghost'}
            size="icon"
            className="size-8"
            onClick={alternarAi}
            aria-label={INBOX_TEXTS.assistenteIa}
            aria-pressed={aiAberto}
          >
            <Sparkles />
          </Button>
        </TooltipTrigger>
        <TooltipContent>{INBOX_TEXTS.assistenteIa}</TooltipContent>
      </Tooltip>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={onTogglePanel}
            aria-label={INBOX_TEXTS.painelCliente}
            aria-pressed={panelOpen}
          >
            {panelOpen ? <PanelRightClose /> : <PanelRightOpen />}
          </Button>
        </TooltipTrigger>
        <TooltipContent>{INBOX_TEXTS.painelCliente}</TooltipContent>
      </Tooltip>
      <TransferDialog
        atendimento={a}
        open={transferOpen}
        onOpenChange={setTransferOpen}
        pending={transferir.isPending}
        onConfirm={onTransferir}
      />
      <FinishDialog open={finishOpen} onOpenChange={setFinishOpen} pending={finalizar.isPending} onConfirm={onFinalizar} />
    </header>
  );
}

/** A wide-screen action of the header: its icon, and its label beside it when there is room. */
function HeaderAction({ icon, label, id, onClick }: { icon: ReactNode; label: string; id: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} title={label} data-analytics-id={id}>
      {icon}
      <span className="@max-2xl:sr-only">{label}</span>
    </Button>
  );
}
