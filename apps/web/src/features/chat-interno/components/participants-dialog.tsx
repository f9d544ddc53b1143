import { useMemo, useState } from 'react';
import { LogOut, ShieldCheck, UserPlus } from 'lucide-react';
import { CHAT_INTERNO_FALHAS, CHAT_INTERNO_SUCESSOS, type TConversa } from '@balcao/shared/chat-interno';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useGrupoMutations, useParticipantes } from '../api';
import { toastError } from '../feedback';
import { foldForSearch } from '../format';
import { motivoAdicao, isAdminOf } from '../permissoes';
import { PARTICIPANTES_TEXTS as T } from '../texts';
import { GroupName } from './group-name-editor';
import { GroupPhoto } from './group-photo';
import { ParticipantRow } from './participant-row';
import { SearchBox } from './search-box';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversa: TConversa;
  user: TCurrentUser;
  onAdicionar: () => void;
  onSaiu: () => void;
};

/** Spec part 2 §2 'Participantes do Grupo': photo and name, counts, admin note, Adicionar / Sair do grupo, search, list, Fechar. */
export function ParticipantsDialog({ open, onOpenChange, conversa, user, onAdicionar, onSaiu }: Props) {
  const participantes = useParticipantes(open ? conversa.id : null);
  const { sair } = useGrupoMutations(conversa.id);
  const [busca, setBusca] = useState('');
  const souAdmin = isAdminOf(participantes.data, user.id, conversa.souAdmin);
  const lista = participantes.data ?? [];
  const admins = lista.filter((p) => p.admin).length;
  const visiveis = useMemo(() => {
    const termo = foldForSearch(busca.trim());
    return lista.filter((p) => !termo || foldForSearch(p.nome).includes(termo));
  }, [lista, busca]);

  const adicionar = () => {
    const motivo = motivoAdicao(souAdmin);
    if (motivo) return toast.error(motivo);
    onAdicionar();
  };

  // Awaited rather than mutate's callbacks: the list may reload (and unmount this dialog) before the answer comes.
  const sairDoGrupo = async () => {
    try {
      await sair.mutateAsync();
      toast.success(CHAT_INTERNO_SUCESSOS.saiu);
      onSaiu();
    } catch (err) {
      toastError(err, CHAT_INTERNO_FALHAS.sair);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        setBusca('');
        onOpenChange(v);
      }}
    >
      <DialogContent className="gap-3 sm:max-w-md" showClose={false}>
        <DialogHeader>
          <DialogTitle>{T.titulo}</DialogTitle>
          <DialogDescription className="sr-only">{T.descricao}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-3">
          <GroupPhoto conversa={conversa} souAdmin={souAdmin} />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <GroupName conversa={conversa} souAdmin={souAdmin} className="text-base" />
            <p className="text-xs text-muted-foreground">
              {T.participantes(lista.length)} · {T.admins(admins)}
            </p>
            {souAdmin ? (
              <p className="flex items-center gap-1 text-xs font-medium text-primary">
                <ShieldCheck className="size-3.5" aria-hidden />
                {T.voceAdmin}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">{T.apenasAdmins}</p>
            )}
          </div>
        </div>
        <div className="flex gap-2">
          {souAdmin && (
            <Button size="sm" variant="outline" className="flex-1" onClick={adicionar}>
              <UserPlus />
              {T.adicionar}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            className="flex-1 text-destructive hover:text-destructive"
            onClick={() => void sairDoGrupo()}
            disabled={sair.isPending}
          >
            <LogOut />
            {T.sair}
          </Button>
        </div>
        <SearchBox value={busca} onChange={setBusca} placeholder={T.buscar} />
        <ul className="-mx-1 flex max-h-80 flex-col overflow-y-auto" aria-label={T.titulo} aria-busy={participantes.isPending}>
          {visiveis.map((p) => (
            <ParticipantRow key={`${p.tipo}-${p.id}`} conversaId={conversa.id} p={p} meuId={user.id} souAdmin={souAdmin} />
          ))}
          {participantes.isSuccess && visiveis.length === 0 && (
            <li className="py-6 text-center text-sm text-muted-foreground">{T.nenhum}</li>
          )}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {T.fechar}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
