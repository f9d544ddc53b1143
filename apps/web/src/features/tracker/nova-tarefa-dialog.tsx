import { useState } from 'react';
import type { TMensagem } from '@balcao/shared/atendimentos';
import type { TPrioridade, TTarefa, TTarefaInput } from '@balcao/shared/tracker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { SwitchRow } from '@/features/config/components/switch-row';
import { useCreateTarefa } from './api';
import { escolhaInicial, mensagensEscolhiveis, prefillFromMensagens } from './format';
import { PrioridadeCampo } from './prioridade-campo';
import { ResponsaveisCampo, usePessoasComigo } from './responsaveis-campo';

/** The per-task opt-in: the customer of the linked conversation gets one message when the task reaches Concluída. */
export const AVISO_CONCLUIDA = {
  label: 'Avisar o cliente quando concluída',
  descricao: 'Uma mensagem vai pela conversa (com o link, se a tarefa for pública), respeitando as regras do canal.',
};

/**
 * "Nova tarefa": title, description, priority and assignees. `inicial` prefills it (a conversation's selected
 * messages) and links it to the conversation and its customer.
 */
export function NovaTarefaDialog({
  open,
  onOpenChange,
  inicial,
  mensagens,
  onCriada,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inicial?: Partial<TTarefaInput>;
  /** The conversation's messages: the chosen ones make the title and description (the customer's latest three at first). */
  mensagens?: readonly TMensagem[];
  onCriada?: (t: TTarefa) => void;
}) {
  const criar = useCreateTarefa();
  const pessoas = usePessoasComigo();
  const escolhiveis = mensagens ? mensagensEscolhiveis(mensagens) : [];
  const [escolhidas, setEscolhidas] = useState(() => new Set(escolhaInicial(escolhiveis).map((m) => m.id)));
  const [prefill, setPrefill] = useState(() => prefillFromMensagens(escolhiveis.filter((m) => escolhidas.has(m.id))));
  const [titulo, setTitulo] = useState(inicial?.titulo ?? prefill.titulo);
  const [descricao, setDescricao] = useState(inicial?.descricao ?? prefill.descricao);
  /** A pick rewrites the title and description unless they were edited by hand since the last pick. */
  const escolher = (id: string, sim: boolean) => {
    const novas = new Set(escolhidas);
    if (sim) novas.add(id);
    else novas.delete(id);
    const novo = prefillFromMensagens(escolhiveis.filter((m) => novas.has(m.id)));
    setEscolhidas(novas);
    setTitulo((atual) => (atual === prefill.titulo ? novo.titulo : atual));
    setDescricao((atual) => (atual === prefill.descricao ? novo.descricao : atual));
    setPrefill(novo);
  };
  const [prioridade, setPrioridade] = useState<TPrioridade>('media');
  const [responsaveis, setResponsaveis] = useState<string[]>([]);
  const [notificarCliente, setNotificarCliente] = useState(inicial?.notificarCliente ?? false);
  const [erro, setErro] = useState<string | null>(null);
  const enviar = () =>
    criar.mutate(
      { ...inicial, titulo, descricao, prioridade, responsaveis, notificarCliente },
      {
        onSuccess: (t) => {
          toast.success(`Tarefa #${t.numero} criada.`);
          setTitulo('');
          setDescricao('');
          setResponsaveis([]);
          onOpenChange(false);
          onCriada?.(t);
        },
        onError: (err) => setErro(errorMessage(err, 'Não foi possível criar a tarefa.')),
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nova tarefa</DialogTitle>
          <DialogDescription>A tarefa entra no fim da primeira coluna do quadro.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            enviar();
          }}
        >
          {escolhiveis.length > 0 && (
            <fieldset className="flex flex-col gap-1.5">
              <legend className="pb-1.5 text-sm font-medium">Mensagens da conversa na tarefa</legend>
              <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto rounded-md border p-2">
                {escolhiveis.map((m) => (
                  <li key={m.id}>
                    <label className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        checked={escolhidas.has(m.id)}
                        onChange={(e) => escolher(m.id, e.target.checked)}
                      />
                      <span className="min-w-0">
                        <span className="font-medium">{m.autor === 'cliente' ? 'Cliente' : (m.atendenteNome ?? 'Atendente')}: </span>
                        <span className="line-clamp-2 break-words text-muted-foreground">{m.conteudo}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="nova-titulo">Título</Label>
            <Input id="nova-titulo" value={titulo} onChange={(e) => setTitulo(e.target.value)} aria-invalid={!!erro} autoFocus />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="nova-descricao">Descrição</Label>
            <textarea
              id="nova-descricao"
              className="min-h-24 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
              value={descricao}
              onChange={(e) => setDescricao(e.target.value)}
            />
          </div>
          <PrioridadeCampo id="nova-prioridade" valor={prioridade} onChange={setPrioridade} />
          <ResponsaveisCampo valor={pessoas.filter((p) => responsaveis.includes(p.id))} onChange={setResponsaveis} />
          {inicial?.atendimentoId && (
            <SwitchRow
              label={AVISO_CONCLUIDA.label}
              description={AVISO_CONCLUIDA.descricao}
              checked={notificarCliente}
              onCheckedChange={setNotificarCliente}
            />
          )}
          {erro && (
            <p role="alert" className="text-sm text-destructive">
              {erro}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={criar.isPending}>
              Criar tarefa
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
