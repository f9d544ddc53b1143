import type { ReactNode } from 'react';
import { Building2, ShieldCheck, ShieldPlus, UserMinus } from 'lucide-react';
import { CHAT_INTERNO_FALHAS, CHAT_INTERNO_SUCESSOS, INTEGRANTE_TIPO, type TParticipante } from '@balcao/shared/chat-interno';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useGrupoMutations } from '../api';
import { toastError } from '../feedback';
import { motivoPromocao, motivoRemocao } from '../permissoes';
import { PARTICIPANTES_TEXTS as T } from '../texts';

type Props = { conversaId: string; p: TParticipante; meuId: string; souAdmin: boolean };

/** One participant: admin mark, 'Você' tag, promote and remove buttons for admins (spec part 2 §2/§4). */
export function ParticipantRow({ conversaId, p, meuId, souAdmin }: Props) {
  const { promover, remover } = useGrupoMutations(conversaId);
  const eu = p.tipo === INTEGRANTE_TIPO.usuario && p.id === meuId;
  const departamento = p.tipo === INTEGRANTE_TIPO.departamento;
  // What a person may not do stays hidden; an admin's own row keeps both buttons, disabled, so the spec's reasons
  // ('Você já é administrador', 'Você não pode remover a si mesmo...') show as their tooltip and toast.
  const mostraPromover = souAdmin && !departamento && (!p.admin || eu);
  const mostraRemover = souAdmin;
  const motivoP = motivoPromocao(p, souAdmin, meuId);
  const motivoR = motivoRemocao(p, souAdmin, meuId);

  const promoverP = () => {
    const motivo = motivoPromocao(p, souAdmin, meuId);
    if (motivo) return toast.error(motivo);
    promover.mutate(p.id, {
      onSuccess: () => toast.success(CHAT_INTERNO_SUCESSOS.promovido),
      onError: (err) => toastError(err, CHAT_INTERNO_FALHAS.promover),
    });
  };
  const removerP = () => {
    const motivo = motivoRemocao(p, souAdmin, meuId);
    if (motivo) return toast.error(motivo);
    remover.mutate(
      { integranteId: p.id, integranteTipo: p.tipo },
      {
        onSuccess: () => toast.success(CHAT_INTERNO_SUCESSOS.participanteRemovido),
        onError: (err) => toastError(err, CHAT_INTERNO_FALHAS.remover),
      },
    );
  };

  return (
    <li className="flex items-center gap-3 rounded-md px-1 py-1.5 hover:bg-accent/50">
      {departamento ? (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Building2 className="size-4" aria-hidden />
        </span>
      ) : (
        <UserAvatar nome={p.nome} fotoUrl={p.fotoUrl} className="size-8" />
      )}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex min-w-0 items-center gap-1.5 text-sm">
          <span className="truncate font-medium">{p.nome}</span>
          {eu && <span className="shrink-0 rounded bg-muted px-1.5 text-[10px] font-medium text-muted-foreground">{T.voce}</span>}
        </span>
        {(p.admin || departamento) && (
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            {p.admin && <ShieldCheck className="size-3 text-primary" aria-hidden />}
            {p.admin ? T.admin : T.departamento}
          </span>
        )}
      </span>
      {mostraPromover && (
        <AcaoButton rotulo={T.promover(p.nome)} motivo={motivoP} onClick={promoverP} ocupado={promover.isPending}>
          <ShieldPlus />
        </AcaoButton>
      )}
      {mostraRemover && (
        <AcaoButton rotulo={T.remover(p.nome)} motivo={motivoR} onClick={removerP} ocupado={remover.isPending} perigo>
          <UserMinus />
        </AcaoButton>
      )}
    </li>
  );
}

/**
 * A row action. With a reason it cannot be done, it stays focusable but aria-disabled: the reason is its tooltip, and
 * a click shows it as the spec's permission toast (a native disabled button would show neither).
 */
function AcaoButton({
  rotulo,
  motivo,
  onClick,
  ocupado,
  perigo = false,
  children,
}: {
  rotulo: string;
  motivo: string | null;
  onClick: () => void;
  ocupado: boolean;
  perigo?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn(
        'size-8 text-muted-foreground',
        motivo ? 'cursor-not-allowed opacity-50 hover:bg-transparent' : perigo && 'hover:text-destructive',
      )}
      onClick={onClick}
      disabled={ocupado}
      aria-disabled={motivo ? true : undefined}
      aria-label={rotulo}
      aria-description={motivo ?? undefined}
      title={motivo ?? rotulo}
    >
      {children}
    </Button>
  );
}
