import { useState } from 'react';
import { CHAT_INTERNO_FALHAS, CHAT_INTERNO_INLINE, CHAT_INTERNO_VALIDACAO as V } from '@balcao/shared/chat-interno';
import { toast } from '@/lib/toast';
import { useUsuariosDisponiveis } from '../api';
import { useAcao } from '../feedback';
import { useCreateConversa } from '../hooks/use-create-conversa';
import { NOVA_CONVERSA_TEXTS as T } from '../texts';
import { ChatDialog } from './chat-dialog';
import { PickList } from './pick-list';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCriada: (conversaId: string) => void };

/** Spec part 2 §2 'Nova Conversa': exactly one user from a searchable list. */
export function NewConversationDialog({ open, onOpenChange, onCriada }: Props) {
  const usuarios = useUsuariosDisponiveis(open);
  const [escolhido, setEscolhido] = useState<string | null>(null);
  const { ocupado, executar } = useAcao();
  const criar = useCreateConversa((id) => {
    fechar(false);
    onCriada(id);
  });

  const fechar = (v: boolean) => {
    if (!v) setEscolhido(null);
    onOpenChange(v);
  };

  const confirmar = () => {
    // Spec §5: without a user, toast 'Erro' / 'Selecione um usuário'.
    if (!escolhido) return toast.error(T.erro, V.selecioneUsuario);
    void executar(() => criar({ usuarios: [escolhido], departamentos: [], nome: '' }), CHAT_INTERNO_FALHAS.criarConversa);
  };

  return (
    <ChatDialog
      open={open}
      onOpenChange={fechar}
      textos={T}
      confirmar={{ rotulo: T.criar, rotuloOcupado: T.criando, ocupado, onClick: confirmar }}
    >
      <PickList
        modo="um"
        itens={usuarios.data?.map((u) => ({ ...u, tipo: 'usuario' as const }))}
        carregando={usuarios.isPending}
        erro={usuarios.isError ? CHAT_INTERNO_INLINE.erroCarregarUsuarios : null}
        textos={{ buscar: T.buscar, vazio: T.nenhum, carregando: T.carregando }}
        selecionados={new Set(escolhido ? [escolhido] : [])}
        onAlternar={setEscolhido}
        rodape={escolhido && <p className="text-xs text-muted-foreground">{T.umSelecionado}</p>}
      />
    </ChatDialog>
  );
}
