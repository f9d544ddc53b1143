import { CalendarClock, Plus } from 'lucide-react';
import { useState } from 'react';
import {
  MENSAGENS_AGENDADAS_TEXTS as T,
  STATUS_AGENDADA,
  STATUS_AGENDADA_LABEL,
  type TMensagemAgendada,
  type TStatusAgendada,
} from '@balcao/shared/mensagens-agendadas';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { ConfirmDialog } from '@/features/config/components/confirm-dialog';
import { AGENDADAS_TAKE_DEFAULT } from '@balcao/shared/mensagens-agendadas';
import { useOpenAgendada, useAgendadas, useActivateAgendada, useDeleteAgendada } from './api';
import { AgendadaDialog } from './agendada-dialog';
import { AgendadasCards, AgendadasTabela } from './agendadas-lista';

/** /mensagens-agendadas (master and admin): the list with status, next send and last result; create, edit, toggle, delete. */
export function MensagensAgendadasPage() {
  const [status, setStatus] = useState<TStatusAgendada | ''>('');
  const [pesquisa, setPesquisa] = useState('');
  const [page, setPage] = useState(1);
  const [editando, setEditando] = useState<TMensagemAgendada | 'nova' | null>(null);
  const [excluir, setExcluir] = useState<TMensagemAgendada | null>(null);
  const q = useAgendadas({ ...(status ? { status } : {}), ...(pesquisa.trim() ? { pesquisa: pesquisa.trim() } : {}) }, page);
  const ativar = useActivateAgendada();
  const del = useDeleteAgendada();
  const total = q.data?.total ?? 0;
  const abrir = useOpenAgendada(setEditando);
  const acoes = {
    onAtivar: (m: TMensagemAgendada, ativo: boolean) => ativar.mutate({ id: m.id, ativo }),
    ativando: ativar.isPending,
    onEditar: abrir,
    onExcluir: setExcluir,
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{T.titulo}</h1>
        <Button onClick={() => setEditando('nova')}>
          <Plus aria-hidden /> {T.nova}
        </Button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          type="search"
          aria-label="Buscar por cliente ou texto"
          placeholder="Buscar por cliente ou texto"
          value={pesquisa}
          onChange={(e) => {
            setPesquisa(e.target.value);
            setPage(1);
          }}
          className="sm:max-w-xs"
        />
        <NativeSelect
          className="sm:w-48"
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as TStatusAgendada | '');
            setPage(1);
          }}
        >
          <option value="">Todos os status</option>
          {STATUS_AGENDADA.map((s) => (
            <option key={s} value={s}>
              {STATUS_AGENDADA_LABEL[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {q.isError && (
        <p role="alert" className="text-sm text-destructive">
          {q.error.message}
        </p>
      )}
      {q.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : q.data && q.data.lista.length === 0 ? (
        <EmptyState
          className="rounded-xl border border-dashed"
          icon={CalendarClock}
          title={T.nenhuma}
          line={
            status || pesquisa.trim() ? 'Tente outro status ou outra busca.' : 'Agende lembretes e avisos para seus clientes pelo WhatsApp.'
          }
        />
      ) : (
        <>
          <AgendadasTabela lista={q.data?.lista ?? []} {...acoes} />
          <AgendadasCards lista={q.data?.lista ?? []} {...acoes} />
        </>
      )}
      {total > AGENDADAS_TAKE_DEFAULT && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <span>
            {page} de {Math.ceil(total / AGENDADAS_TAKE_DEFAULT)}
          </span>
          <Button variant="outline" size="sm" disabled={page * AGENDADAS_TAKE_DEFAULT >= total} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </div>
      )}
      {editando && <AgendadaDialog atual={editando === 'nova' ? null : editando} onClose={() => setEditando(null)} />}
      <ConfirmDialog
        open={!!excluir}
        onOpenChange={(o) => !o && setExcluir(null)}
        title="Excluir mensagem agendada?"
        description="Ela não será mais enviada. As mensagens já enviadas continuam no atendimento."
        confirmLabel="Excluir"
        onConfirm={() => excluir && del.mutate(excluir.id)}
      />
    </div>
  );
}
