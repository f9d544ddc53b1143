import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Check, Pencil, X } from 'lucide-react';
import {
  CHAT_INTERNO_FALHAS,
  CHAT_INTERNO_PERMISSOES,
  CHAT_INTERNO_SUCESSOS,
  GRUPO_NOME_MAX,
  tituloConversa,
  type TConversa,
} from '@balcao/shared/chat-interno';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useGrupoMutations } from '../api';
import { toastError } from '../feedback';
import { CONVERSA_TEXTS as T } from '../texts';

/** Spec part 2 §4/§5: a rename is dropped when empty, unchanged or longer than 50 characters. */
const renomeacaoValida = (novo: string, atual: string) => {
  const nome = novo.trim();
  return nome.length > 0 && nome.length <= GRUPO_NOME_MAX && nome !== atual.trim() ? nome : null;
};

type Props = { atual: string; onSalvar: (nome: string) => void; onCancelar: () => void; className?: string };

/** Inline group name box: Enter saves, Escape cancels (spec part 2 §2); leaving the box cancels too. */
export function GroupNameEditor({ atual, onSalvar, onCancelar, className }: Props) {
  const [valor, setValor] = useState(atual);
  const salvar = () => {
    const nome = renomeacaoValida(valor, atual);
    if (nome) onSalvar(nome);
    else onCancelar();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      salvar();
    } else if (e.key === 'Escape') {
      // Handled here: the panel must not close with it.
      e.preventDefault();
      e.stopPropagation();
      onCancelar();
    }
  };
  // The buttons act on mousedown's default being prevented, so the box's blur does not cancel first.
  const semBlur = (e: MouseEvent) => e.preventDefault();
  return (
    <div className={cn('flex min-w-0 items-center gap-1', className)}>
      <Input
        autoFocus
        value={valor}
        maxLength={GRUPO_NOME_MAX}
        onChange={(e) => setValor(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onCancelar}
        onFocus={(e) => e.currentTarget.select()}
        aria-label={T.nomeGrupo}
        className="h-8 min-w-0 flex-1 text-sm font-semibold"
      />
      <Button
        size="icon"
        variant="ghost"
        className="size-7"
        onMouseDown={semBlur}
        onClick={salvar}
        aria-label={T.salvarNome}
        title={T.salvarNome}
      >
        <Check />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-7"
        onMouseDown={semBlur}
        onClick={onCancelar}
        aria-label={T.cancelarNome}
        title={T.cancelarNome}
      >
        <X />
      </Button>
    </div>
  );
}

/**
 * A group's name as a heading; for admins, a pencil (or a double-click) turns it into the inline box. Used in the
 * conversation header and in 'Participantes do Grupo'.
 */
export function GroupName({ conversa, souAdmin, className }: { conversa: TConversa; souAdmin: boolean; className?: string }) {
  const { renomear } = useGrupoMutations(conversa.id);
  const [editando, setEditando] = useState(false);
  const titulo = tituloConversa(conversa);
  const podeRenomear = conversa.ehGrupo && souAdmin;

  const salvar = (nome: string) => {
    setEditando(false);
    if (!souAdmin) return toast.error(CHAT_INTERNO_PERMISSOES.apenasAdminRenomear);
    renomear.mutate(nome, {
      onSuccess: () => toast.success(CHAT_INTERNO_SUCESSOS.nomeAlterado),
      onError: (err) => toastError(err, CHAT_INTERNO_FALHAS.renomear),
    });
  };

  if (editando) return <GroupNameEditor atual={conversa.nome ?? ''} onSalvar={salvar} onCancelar={() => setEditando(false)} />;
  return (
    <div className="flex min-w-0 items-center gap-1">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: double-click is a pointer shortcut; the pencil button next to it renames from the keyboard */}
      <span className={cn('truncate font-semibold', className)} onDoubleClick={() => podeRenomear && setEditando(true)} title={titulo}>
        {renomear.isPending ? renomear.variables : titulo}
      </span>
      {podeRenomear && (
        <Button
          variant="ghost"
          size="icon"
          className="size-6 shrink-0 text-muted-foreground"
          onClick={() => setEditando(true)}
          aria-label={T.editarNome}
          title={T.editarNome}
        >
          <Pencil className="size-3.5" />
        </Button>
      )}
    </div>
  );
}
