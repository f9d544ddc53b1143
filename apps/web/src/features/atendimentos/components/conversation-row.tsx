import { formatUnread, type TAtendimento } from '@balcao/shared/atendimentos';
import { UserAvatar } from '@/components/ui/avatar';
import { EtiquetaChips } from '@/features/etiquetas/etiqueta-chips';
import { cn } from '@/lib/utils';
import { horaNaLista } from '../format';
import { marcaDaOrigem, previewDe } from '../labels';

/** One conversation in the list: ~64 px, avatar with the channel badge, name, time, preview, unread badge. */
export function ConversationRow({ row, selected, onSelect }: { row: TAtendimento; selected: boolean; onSelect: (id: string) => void }) {
  const origem = marcaDaOrigem(row.origem);
  const unread = row.mensagensNaoLidas > 0;
  const quando = row.ultimaMensagemEm ?? row.inicio;
  const preview = previewDe(row.ultimaMensagemTipo, row.ultimaMensagem);
  return (
    <li>
      <button
        type="button"
        data-conversa={row.atendimentoId}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(row.atendimentoId)}
        className={cn(
          'flex h-16 w-full items-center gap-3 px-3 text-left outline-none transition-colors hover:bg-accent/60 focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring/60',
          selected && 'bg-accent hover:bg-accent',
        )}
      >
        <span className="relative shrink-0">
          {/* On the selected (tinted) row the dark theme's indigo initials lose contrast: they turn light. */}
          <UserAvatar nome={row.clienteNome} fotoUrl={row.Avatar} className={cn('size-10', selected && 'dark:*:text-foreground')} />
          <span
            title={`${origem.rotulo} · ${row.canalNome}`}
            className={cn(
              'absolute -bottom-0.5 -right-0.5 flex size-4 items-center justify-center rounded-full ring-2 ring-background',
              origem.tom.ponto,
            )}
          >
            <origem.Icone className="size-2.5" aria-hidden />
            <span className="sr-only">{origem.rotulo}</span>
          </span>
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={cn('truncate text-sm', unread ? 'font-semibold' : 'font-medium')}>{row.clienteNome}</span>
            {row.foraDoHorarioEm && (
              <span className="shrink-0 rounded-full bg-amber-100 px-1.5 text-[10px] leading-4 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
                fora do horário
              </span>
            )}
            <EtiquetaChips ids={row.etiquetaIds} />
            <time
              dateTime={quando}
              className={cn('ml-auto shrink-0 text-[11px] tabular-nums', unread ? 'font-medium text-primary' : 'text-muted-foreground')}
            >
              {horaNaLista(quando)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('flex min-w-0 items-center gap-1 text-xs', unread ? 'text-foreground' : 'text-muted-foreground')}>
              {preview.icon && <preview.icon className="size-3.5 shrink-0" aria-hidden />}
              <span className="truncate">{preview.texto}</span>
            </span>
            {unread && (
              <span className="ml-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold tabular-nums text-primary-foreground">
                <span className="sr-only">Não lidas: </span>
                {formatUnread(row.mensagensNaoLidas)}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

export function ConversationRowSkeleton() {
  return (
    <div className="flex h-16 items-center gap-3 px-3" aria-hidden>
      <span className="size-10 shrink-0 animate-pulse rounded-full bg-accent" />
      <span className="flex flex-1 flex-col gap-2">
        <span className="h-3 w-2/3 animate-pulse rounded bg-accent" />
        <span className="h-2.5 w-5/6 animate-pulse rounded bg-accent" />
      </span>
    </div>
  );
}
