import { useState } from 'react';
import { CHAT_INTERNO_FALHAS, CHAT_INTERNO_INLINE, CHAT_INTERNO_SUCESSOS, CHAT_INTERNO_VALIDACAO as V, type TConversa } from '@balcao/shared/chat-interno';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { criarConversa, useUsuariosDisponiveis } from '../api';
import { avisarErro } from '../feedback';
import { chatKeys } from '../keys';
import { NOVA_CONVERSA_TEXTS as T } from '../texts';
import { PickList } from './pick-list';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCriada: (conversaId: string) => void };

/** Spec part 2 §2 'Nova Conversa': exactly one user from a searchable list. */
export function NewConversationDialog({ open, onOpenChange, onCriada }: Props) {
  const qc = useQueryClient();
  const usuarios = useUsuariosDisponiveis(open);
  const [escolhido, setEscolhido] = useState<string | null>(null);
  const [criando, setCriando] = useState(false);

  const fechar = (v: boolean) => {
    if (!v) setEscolhido(null);
    onOpenChange(v);
  };

  const criar = async () => {
    // Spec §5: without a user, toast 'Erro' / 'Selecione um usuário'.
    if (!escolhido) return toast.error(T.erro, V.selecioneUsuario);
    setCriando(true);
    try {
      const { id } = await criarConversa({ usuarios: [escolhido], departamentos: [], nome: '' });
      // The server reuses the pair's direct chat: only a new one is announced as created.
      const existia = qc.getQueryData<TConversa[]>(chatKeys.conversas)?.some((c) => c.id === id);
      if (!existia) toast.success(CHAT_INTERNO_SUCESSOS.conversaCriada);
      await qc.invalidateQueries({ queryKey: chatKeys.conversas });
      fechar(false);
      onCriada(id);
    } catch (err) {
      avisarErro(err, CHAT_INTERNO_FALHAS.criarConversa);
    } finally {
      setCriando(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={fechar}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{T.titulo}</DialogTitle>
          <DialogDescription>{T.descricao}</DialogDescription>
        </DialogHeader>
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
        <DialogFooter>
          <Button variant="outline" onClick={() => fechar(false)} disabled={criando}>
            {T.cancelar}
          </Button>
          <Button onClick={() => void criar()} disabled={criando}>
            {criando ? T.criando : T.criar}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
