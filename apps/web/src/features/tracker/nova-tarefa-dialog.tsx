import { useState } from 'react';
import type { TPrioridade, TTarefa, TTarefaInput } from '@balcao/shared/tracker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useCreateTarefa } from './api';
import { PrioridadeCampo } from './prioridade-campo';
import { ResponsaveisCampo, usePessoasComigo } from './responsaveis-campo';

/**
 * "Nova tarefa": title, description, priority and assignees. `inicial` prefills it (a conversation's selected
 * messages) and links it to the conversation and its customer.
 */
export function NovaTarefaDialog({
  open,
  onOpenChange,
  inicial,
  onCriada,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inicial?: Partial<TTarefaInput>;
  onCriada?: (t: TTarefa) => void;
}) {
  const criar = useCreateTarefa();
  const pessoas = usePessoasComigo();
  const [titulo, setTitulo] = useState(inicial?.titulo ?? '');
  const [descricao, setDescricao] = useState(inicial?.descricao ?? '');
  const [prioridade, setPrioridade] = useState<TPrioridade>('media');
  const [responsaveis, setResponsaveis] = useState<string[]>([]);
  const [erro, setErro] = useState<string | null>(null);
  const enviar = () =>
    criar.mutate(
      { ...inicial, titulo, descricao, prioridade, responsaveis },
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
