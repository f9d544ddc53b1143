import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Switch } from 'radix-ui';
import {
  MENSAGENS_AGENDADAS_TEXTS as T,
  RESULTADO_ENVIO_LABEL,
  STATUS_AGENDADA,
  STATUS_AGENDADA_LABEL,
  type TMensagemAgendada,
  type TStatusAgendada,
} from '@balcao/shared/mensagens-agendadas';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfirmDialog } from '@/features/config/components/confirm-dialog';
import { AGENDADAS_TAKE_DEFAULT } from '@balcao/shared/mensagens-agendadas';
import { useAgendadas, useAtivarAgendada, useDeleteAgendada } from './api';
import { AgendadaDialog } from './agendada-dialog';
import { dataCurta, descreverRecorrencia } from './format';

/** /mensagens-agendadas (master and admin): the list with status, next send and last result; create, edit, toggle, delete. */
export function MensagensAgendadasPage() {
  const [status, setStatus] = useState<TStatusAgendada | ''>('');
  const [pesquisa, setPesquisa] = useState('');
  const [page, setPage] = useState(1);
  const [editando, setEditando] = useState<TMensagemAgendada | 'nova' | null>(null);
  const [excluir, setExcluir] = useState<TMensagemAgendada | null>(null);
  const q = useAgendadas({ ...(status ? { status } : {}), ...(pesquisa.trim() ? { pesquisa: pesquisa.trim() } : {}) }, page);
  const ativar = useAtivarAgendada();
  const del = useDeleteAgendada();
  const total = q.data?.total ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{T.titulo}</h1>
        <Button onClick={() => setEditando('nova')}>
          <Plus aria-hidden /> {T.nova}
        </Button>
      </div>
      <div className="flex flex-wrap gap-3">
        <Input
          type="search"
          aria-label="Buscar por cliente ou texto"
          placeholder="Buscar por cliente ou texto"
          value={pesquisa}
          onChange={(e) => {
            setPesquisa(e.target.value);
            setPage(1);
          }}
          className="max-w-xs"
        />
        <NativeSelect
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
        <p className="rounded-xl border border-dashed p-6 text-sm text-muted-foreground">{T.nenhuma}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">Cliente</th>
                <th className="px-3 py-2 font-medium">Mensagem</th>
                <th className="px-3 py-2 font-medium">Repetição</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="px-3 py-2 font-medium">Próximo envio</th>
                <th className="px-3 py-2 font-medium">Último resultado</th>
                <th className="px-3 py-2 font-medium">Ativa</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {q.data?.lista.map((m) => (
                <tr key={m.id}>
                  <td className="px-3 py-2">
                    <span className="font-medium">{m.clienteNome}</span>
                    <span className="block text-xs text-muted-foreground">{m.canalNome}</span>
                  </td>
                  <td className="max-w-xs truncate px-3 py-2" title={m.conteudo}>
                    {m.conteudo}
                  </td>
                  <td className="px-3 py-2">{descreverRecorrencia(m.recorrencia)}</td>
                  <td className="px-3 py-2">{STATUS_AGENDADA_LABEL[m.status]}</td>
                  <td className="px-3 py-2 tabular-nums">{m.ativo ? dataCurta(m.proximoEnvio) : '—'}</td>
                  <td className="px-3 py-2">
                    {m.ultimoResultado ? (
                      <span className={m.ultimoResultado === 'falhou' ? 'text-destructive' : undefined}>
                        {RESULTADO_ENVIO_LABEL[m.ultimoResultado]}
                        {m.ultimoEnvioEm && <span className="text-muted-foreground"> · {dataCurta(m.ultimoEnvioEm)}</span>}
                      </span>
                    ) : (
                      '—'
                    )}
                    {m.ultimoErro && <span className="block max-w-xs text-xs text-destructive">{m.ultimoErro}</span>}
                  </td>
                  <td className="px-3 py-2">
                    <Switch.Root
                      checked={m.ativo}
                      disabled={m.status === 'concluida' || ativar.isPending}
                      onCheckedChange={(ativo) => ativar.mutate({ id: m.id, ativo })}
                      aria-label={`Ativa: ${m.clienteNome}`}
                      className="inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input"
                    >
                      <Switch.Thumb className="pointer-events-none block size-4 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0.5" />
                    </Switch.Root>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <Button variant="ghost" size="icon" onClick={() => setEditando(m)} aria-label={`Editar mensagem para ${m.clienteNome}`}>
                      <Pencil aria-hidden />
                    </Button>
                    <Button variant="ghost" size="icon" onClick={() => setExcluir(m)} aria-label={`Excluir mensagem para ${m.clienteNome}`}>
                      <Trash2 aria-hidden />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
