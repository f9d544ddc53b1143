import { ListTodo, Plus, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { Button } from '@/components/ui/button';
import { request, errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useColunas, useTarefas } from './api';
import { useCurrentUser } from '@/features/auth/api';
import { useTrackerLive } from './live';
import { NovaTarefaDialog } from './nova-tarefa-dialog';

/**
 * The conversation's tasks in the customer panel: their status (live, from the tracker's hub), a new one made
 * from chosen messages, and the public link to send.
 */
export function TarefasVinculadas({ atendimento: a, mensagens }: { atendimento: TAtendimento; mensagens: TMensagem[] }) {
  const { user } = useCurrentUser();
  useTrackerLive(user?.id);
  const q = useTarefas(null, { atendimentoId: a.atendimentoId });
  const colunas = useColunas();
  const [nova, setNova] = useState(false);
  const tituloId = useId();
  const tarefas = q.data?.pages.flatMap((p) => p.tarefas) ?? [];
  const nome = (status: string) => colunas.data?.find((c) => c.id === status)?.nome ?? status;
  const enviarLink = (url: string) =>
    request('POST', `/api/atendimento/${a.atendimentoId}/mensagens`, null, {
      clientId: crypto.randomUUID(),
      atendimentoId: a.atendimentoId,
      tipo: 'text',
      conteudo: `Acompanhe o andamento da sua solicitação por este link: ${url}`,
    }).then(
      () => toast.success('Link enviado ao cliente.'),
      (err: unknown) => toast.error(errorMessage(err, 'Não foi possível enviar o link.')),
    );
  return (
    <section aria-labelledby={tituloId} className="flex flex-col gap-2 border-b px-4 py-3">
      <h3 className="flex items-center justify-between text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        <span id={tituloId} className="flex items-center gap-1.5">
          <ListTodo className="size-3.5" aria-hidden /> Tarefas
        </span>
        <Button variant="ghost" size="sm" onClick={() => setNova(true)}>
          <Plus aria-hidden /> Criar tarefa
        </Button>
      </h3>
      {tarefas.length === 0 && !q.isPending && <p className="text-sm text-muted-foreground">Nenhuma tarefa ligada a esta conversa.</p>}
      <ul className="flex flex-col gap-1.5">
        {tarefas.map((t) => (
          <li key={t.id} className="flex items-center gap-2 text-sm">
            <Link to={`/tracker/tarefas?tarefa=${t.id}`} className="min-w-0 flex-1 truncate hover:underline">
              #{t.numero} {t.titulo}
            </Link>
            <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-xs">{nome(t.status)}</span>
            {t.publicUrl && (
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Enviar o link da tarefa #${t.numero} ao cliente`}
                onClick={() => void enviarLink(t.publicUrl!)}
              >
                <Send aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ul>
      {nova && (
        <NovaTarefaDialog
          open={nova}
          onOpenChange={setNova}
          inicial={{ atendimentoId: a.atendimentoId, clienteId: a.clienteId }}
          mensagens={mensagens}
        />
      )}
    </section>
  );
}
