import { useState } from 'react';
import { CHAT_INTERNO_FALHAS, CHAT_INTERNO_VALIDACAO as V, classificarNovaConversa, GRUPO_NOME_MAX } from '@balcao/shared/chat-interno';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDepartamentosDisponiveis, useUsuariosDisponiveis } from '../api';
import { useAcao } from '../feedback';
import { useCreateConversa } from '../hooks/use-create-conversa';
import { NOVO_GRUPO_TEXTS as T } from '../texts';
import { ChatDialog } from './chat-dialog';
import { MemberPicker, SELECAO_VAZIA, type TSelecao } from './member-picker';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCriada: (conversaId: string) => void; user: TCurrentUser };

/** Spec §6: the master is the user whose id is the account's master id. */
export const isMaster = (u: TCurrentUser) => u.masterId !== null && u.id === u.masterId;

/**
 * Spec part 2 §2/§5 'Criar Novo Grupo': a name (trimmed, at most 50), users and (master only) departments. Our
 * reading: at least 2 users or 1 department.
 */
export function NewGroupDialog({ open, onOpenChange, onCriada, user }: Props) {
  const master = isMaster(user);
  const usuarios = useUsuariosDisponiveis(open);
  const departamentos = useDepartamentosDisponiveis(open && master);
  const [nome, setNome] = useState('');
  const [selecao, setSelecao] = useState<TSelecao>(SELECAO_VAZIA);
  const [tocado, setTocado] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const { ocupado, executar } = useAcao();
  const criar = useCreateConversa((id) => {
    fechar(false);
    onCriada(id);
  });
  const nU = selecao.usuarios.size;
  const nD = selecao.departamentos.size;
  const nomeVazio = !nome.trim();

  const fechar = (v: boolean) => {
    if (!v) {
      setNome('');
      setSelecao(SELECAO_VAZIA);
      setTocado(false);
      setErro(null);
    }
    onOpenChange(v);
  };

  const confirmar = () => {
    setTocado(true);
    const input = { usuarios: [...selecao.usuarios], departamentos: [...selecao.departamentos], nome: nome.trim() };
    const regra = nomeVazio ? { ok: false as const, mensagem: V.nomeGrupoObrigatorio } : classificarNovaConversa(input);
    if (!regra.ok) return setErro(regra.mensagem);
    setErro(null);
    void executar(() => criar(input), CHAT_INTERNO_FALHAS.criarGrupo);
  };

  return (
    <ChatDialog
      open={open}
      onOpenChange={fechar}
      textos={T}
      confirmar={{ rotulo: T.criar, rotuloOcupado: T.criando, ocupado, desabilitado: nU + nD === 0 || nomeVazio, onClick: confirmar }}
      className="sm:max-w-lg"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="chat-interno-grupo-nome">{T.nome}</Label>
        <Input
          id="chat-interno-grupo-nome"
          value={nome}
          maxLength={GRUPO_NOME_MAX}
          onChange={(e) => setNome(e.target.value)}
          onBlur={() => setTocado(true)}
          placeholder={T.nomePlaceholder}
          aria-invalid={tocado && nomeVazio}
          aria-describedby="chat-interno-grupo-nome-dica"
          autoComplete="off"
        />
        <p id="chat-interno-grupo-nome-dica" className="flex justify-between text-xs text-muted-foreground">
          <span className={tocado && nomeVazio ? 'text-destructive' : undefined}>{tocado && nomeVazio ? V.nomeGrupoObrigatorio : ''}</span>
          <span className="tabular-nums">
            {nome.length}/{GRUPO_NOME_MAX}
          </span>
        </p>
      </div>
      <MemberPicker
        usuarios={usuarios}
        departamentos={master ? departamentos : null}
        selecao={selecao}
        onChange={(s) => {
          setSelecao(s);
          setErro(null);
        }}
      />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {T.resumo(nU, nD)}
      </p>
      {erro && (
        <p role="alert" className="text-sm text-destructive">
          {erro}
        </p>
      )}
    </ChatDialog>
  );
}
