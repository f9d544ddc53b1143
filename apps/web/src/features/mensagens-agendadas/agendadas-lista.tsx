import { CalendarClock, Pencil, Repeat, Trash2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { RESULTADO_ENVIO_LABEL, STATUS_AGENDADA_LABEL, type TMensagemAgendada } from '@balcao/shared/mensagens-agendadas';
import { Button } from '@/components/ui/button';
import { Badge } from '@/features/config/components/status-badge';
import { dataCurta, describeRecorrencia } from './format';

type Acoes = {
  onAtivar: (m: TMensagemAgendada, ativo: boolean) => void;
  ativando: boolean;
  onEditar: (m: TMensagemAgendada) => void;
  onExcluir: (m: TMensagemAgendada) => void;
};
type Props = Acoes & { lista: TMensagemAgendada[] };

const TOM = { ativa: 'ok', inativa: 'off', concluida: 'warn' } as const;
const StatusBadge = ({ m }: { m: TMensagemAgendada }) => <Badge tone={TOM[m.status]}>{STATUS_AGENDADA_LABEL[m.status]}</Badge>;

/** The last send and, after a failure, its reason and when it is tried again. */
function UltimoResultado({ m }: { m: TMensagemAgendada }) {
  if (!m.ultimoResultado) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="grid gap-0.5">
      <span className={m.ultimoResultado === 'falhou' ? 'font-medium text-destructive' : undefined}>
        {RESULTADO_ENVIO_LABEL[m.ultimoResultado]}
        {m.ultimoEnvioEm && <span className="font-normal text-muted-foreground"> · {dataCurta(m.ultimoEnvioEm)}</span>}
      </span>
      {m.ultimoErro && <span className="text-xs text-destructive">{m.ultimoErro}</span>}
      {m.proximaTentativaEm && <span className="text-xs text-muted-foreground">Nova tentativa: {dataCurta(m.proximaTentativaEm)}</span>}
    </span>
  );
}

function AtivaSwitch({ m, onAtivar, ativando }: { m: TMensagemAgendada } & Pick<Acoes, 'onAtivar' | 'ativando'>) {
  return (
    <Switch.Root
      checked={m.ativo}
      disabled={m.status === 'concluida' || ativando}
      onCheckedChange={(ativo) => onAtivar(m, ativo)}
      aria-label={`Ativa: ${m.clienteNome}`}
      className="inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input"
    >
      <Switch.Thumb className="pointer-events-none block size-4 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0.5" />
    </Switch.Root>
  );
}

function Botoes({ m, onEditar, onExcluir }: { m: TMensagemAgendada } & Pick<Acoes, 'onEditar' | 'onExcluir'>) {
  return (
    <span className="inline-flex">
      <Button variant="ghost" size="icon" onClick={() => onEditar(m)} aria-label={`Editar mensagem para ${m.clienteNome}`}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" onClick={() => onExcluir(m)} aria-label={`Excluir mensagem para ${m.clienteNome}`}>
        <Trash2 aria-hidden />
      </Button>
    </span>
  );
}

const proximo = (m: TMensagemAgendada) => (m.ativo ? dataCurta(m.proximoEnvio) : '—');

/** From md up: a table with status, next send and last result. */
export function AgendadasTabela({ lista, ...acoes }: Props) {
  return (
    <div className="overflow-x-auto rounded-lg border max-md:hidden">
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
          {lista.map((m) => (
            <tr key={m.id} className="align-top">
              <td className="px-3 py-2.5">
                <span className="font-medium">{m.clienteNome}</span>
                <span className="block text-xs text-muted-foreground">{m.canalNome}</span>
              </td>
              <td className="max-w-64 px-3 py-2.5">
                <span className="line-clamp-2" title={m.conteudo}>
                  {m.conteudo}
                </span>
              </td>
              <td className="px-3 py-2.5">{describeRecorrencia(m.recorrencia)}</td>
              <td className="px-3 py-2.5">
                <StatusBadge m={m} />
              </td>
              <td className="whitespace-nowrap px-3 py-2.5 tabular-nums">{proximo(m)}</td>
              <td className="max-w-60 px-3 py-2.5">
                <UltimoResultado m={m} />
              </td>
              <td className="px-3 py-2.5">
                <AtivaSwitch m={m} onAtivar={acoes.onAtivar} ativando={acoes.ativando} />
              </td>
              <td className="whitespace-nowrap px-1 py-1 text-right">
                <Botoes m={m} onEditar={acoes.onEditar} onExcluir={acoes.onExcluir} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Under md: one card per message, the same facts stacked. */
export function AgendadasCards({ lista, ...acoes }: Props) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Mensagens agendadas">
      {lista.map((m) => (
        <li key={m.id} className="grid gap-2 rounded-lg border p-3 text-sm">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{m.clienteNome}</p>
              <p className="truncate text-xs text-muted-foreground">{m.canalNome}</p>
            </div>
            <StatusBadge m={m} />
          </div>
          <p className="line-clamp-3">{m.conteudo}</p>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <Repeat className="size-3.5" aria-hidden /> {describeRecorrencia(m.recorrencia)}
            </span>
            <span className="inline-flex items-center gap-1 tabular-nums">
              <CalendarClock className="size-3.5" aria-hidden /> Próximo envio: {proximo(m)}
            </span>
          </p>
          {m.ultimoResultado && (
            <div className="text-xs">
              <UltimoResultado m={m} />
            </div>
          )}
          <div className="flex items-center justify-between border-t pt-2">
            <span className="flex items-center gap-2 text-xs text-muted-foreground">
              <AtivaSwitch m={m} onAtivar={acoes.onAtivar} ativando={acoes.ativando} />
              <span aria-hidden>Ativa</span>
            </span>
            <Botoes m={m} onEditar={acoes.onEditar} onExcluir={acoes.onExcluir} />
          </div>
        </li>
      ))}
    </ul>
  );
}
