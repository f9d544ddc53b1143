import { CheckCheck, Inbox } from 'lucide-react';
import { Fragment, useState } from 'react';
import { AUTOATENDIMENTO_TEXTS as T, STATUS_SOLICITACAO_LABEL } from '@balcao/shared/autoatendimento';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { formatNumero } from '@/features/atendimentos/format';
import { Badge } from '@/features/config/components/status-badge';
import { dataCurta } from '@/features/mensagens-agendadas/format';
import { useAcaoSolicitacao, useSolicitacoes } from './api';
import { camposLegiveis, rotuloDoTipo } from './rotulos';

const TOM = { pendente: 'warn', em_andamento: 'ok', resolvida: 'off' } as const;

/** /solicitacoes: the ERP's self-service requests; attendants take a pending one and resolve it. */
export function SolicitacoesPage() {
  const [status, setStatus] = useState<'abertas' | 'resolvidas'>('abertas');
  const q = useSolicitacoes(status);
  const acao = useAcaoSolicitacao();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold tracking-tight">{T.titulo}</h1>
      <Tabs value={status} onValueChange={(v) => setStatus(v as 'abertas' | 'resolvidas')}>
        <TabsList>
          <TabsTrigger value="abertas">Abertas</TabsTrigger>
          <TabsTrigger value="resolvidas">Resolvidas</TabsTrigger>
        </TabsList>
        {(['abertas', 'resolvidas'] as const).map((v) => (
          <TabsContent key={v} value={v} className="pt-2">
            {q.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : q.data?.length === 0 ? (
              <EmptyState
                className="rounded-xl border border-dashed"
                icon={status === 'abertas' ? Inbox : CheckCheck}
                title={status === 'abertas' ? T.nenhuma : 'Nenhuma solicitação resolvida.'}
                line={status === 'abertas' ? 'As solicitações enviadas pelo ERP aparecem aqui.' : undefined}
              />
            ) : (
              <ul className="grid gap-3">
                {q.data?.map((s) => (
                  <li key={s.id} className="grid gap-2 rounded-lg border p-4">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{s.clienteNome}</span>
                      <span className="rounded bg-muted px-1.5 py-0.5 text-xs" title={s.tipo}>
                        {rotuloDoTipo(s.tipo)}
                      </span>
                      <span className="text-xs text-muted-foreground">{dataCurta(s.criadaEm)}</span>
                      <span className="ml-auto">
                        <Badge tone={TOM[s.status]}>
                          {`${STATUS_SOLICITACAO_LABEL[s.status]}${s.responsavelNome ? ` · ${s.responsavelNome}` : ''}`}
                        </Badge>
                      </span>
                    </div>
                    <p className="text-sm">{s.descricao}</p>
                    <p className="text-xs text-muted-foreground">
                      {[
                        s.clienteNumero && formatNumero(s.clienteNumero),
                        s.clienteEmail,
                        s.clienteDocumento && `Documento ${s.clienteDocumento}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {s.dados && Object.keys(s.dados).length > 0 && (
                      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 rounded bg-muted/60 p-2 text-xs">
                        {camposLegiveis(s.dados).map((c) => (
                          <Fragment key={c.chave}>
                            <dt className="text-muted-foreground">{c.rotulo}</dt>
                            <dd className="min-w-0 break-words">{c.valor}</dd>
                          </Fragment>
                        ))}
                      </dl>
                    )}
                    {s.status !== 'resolvida' && (
                      <div className="flex gap-2">
                        {s.status === 'pendente' && (
                          <Button size="sm" variant="outline" onClick={() => acao.mutate({ id: s.id, acao: 'assumir' })}>
                            Assumir
                          </Button>
                        )}
                        <Button size="sm" onClick={() => acao.mutate({ id: s.id, acao: 'resolver' })}>
                          Marcar como resolvida
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
