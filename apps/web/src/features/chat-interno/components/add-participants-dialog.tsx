import { useState } from 'react';
import {
  CHAT_INTERNO_FALHAS,
  CHAT_INTERNO_INLINE,
  CHAT_INTERNO_SUCESSOS,
  CHAT_INTERNO_VALIDACAO as V,
  INTEGRANTE_TIPO,
  type TConversa,
  type TIntegranteInput,
} from '@balcao/shared/chat-interno';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { toast } from '@/lib/toast';
import { useDepartamentosDisponiveis, useGrupoMutations, useParticipantes, useUsuariosDisponiveis } from '../api';
import { useAcao } from '../feedback';
import { motivoAdicao, isAdminOf } from '../permissoes';
import { ADICIONAR_TEXTS as T } from '../texts';
import { ChatDialog } from './chat-dialog';
import { MemberPicker, SELECAO_VAZIA, type TSelecao } from './member-picker';
import { isMaster } from './new-group-dialog';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; conversa: TConversa; user: TCurrentUser };

/** Spec part 2 §2 'Adicionar Participantes': users and (master) departments not yet in the group; 'Adicionando...' while busy. */
export function AddParticipantsDialog({ open, onOpenChange, conversa, user }: Props) {
  const master = isMaster(user);
  const usuarios = useUsuariosDisponiveis(open);
  const departamentos = useDepartamentosDisponiveis(open && master);
  const participantes = useParticipantes(open ? conversa.id : null);
  const { adicionar } = useGrupoMutations(conversa.id);
  const [selecao, setSelecao] = useState<TSelecao>(SELECAO_VAZIA);
  const [erro, setErro] = useState<string | null>(null);
  const { ocupado, executar } = useAcao();
  const jaMembros = new Set((participantes.data ?? []).map((p) => p.id));

  const fechar = (v: boolean) => {
    if (!v) {
      setSelecao(SELECAO_VAZIA);
      setErro(null);
    }
    onOpenChange(v);
  };

  const confirmar = () => {
    const motivo = motivoAdicao(isAdminOf(participantes.data, user.id, conversa.souAdmin));
    if (motivo) return toast.error(motivo);
    const itens: TIntegranteInput[] = [
      ...[...selecao.usuarios].map((id) => ({ integranteId: id, integranteTipo: INTEGRANTE_TIPO.usuario })),
      ...[...selecao.departamentos].map((id) => ({ integranteId: id, integranteTipo: INTEGRANTE_TIPO.departamento })),
    ];
    if (itens.length === 0) return setErro(V.selecioneParticipante);
    setErro(null);
    // One call per participant, in order; the first refusal stops the rest so the admin sees where it stopped.
    void executar(
      async () => {
        for (const item of itens) await adicionar.mutateAsync(item);
        toast.success(CHAT_INTERNO_SUCESSOS.participanteAdicionado);
        fechar(false);
      },
      CHAT_INTERNO_FALHAS.adicionar,
      () => setErro(CHAT_INTERNO_INLINE.erroAdicionarParticipantes),
    );
  };

  return (
    <ChatDialog
      open={open}
      onOpenChange={fechar}
      textos={T}
      confirmar={{ rotulo: T.adicionar, rotuloOcupado: T.adicionando, ocupado, onClick: confirmar }}
    >
      <MemberPicker
        usuarios={usuarios}
        departamentos={master ? departamentos : null}
        selecao={selecao}
        onChange={(s) => {
          setSelecao(s);
          setErro(null);
        }}
        jaMembros={{ ids: jaMembros, nota: T.jaNoGrupo }}
      />
      {erro && (
        <p role="alert" className="text-sm text-destructive">
          {erro}
        </p>
      )}
    </ChatDialog>
  );
}
