import { formatDuracao, type TVisaoGeral } from '@balcao/shared/dashboard';
import { UserAvatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import { formatNota } from '../format';

const th = 'whitespace-nowrap px-4 py-2.5 text-xs font-medium uppercase tracking-wide text-muted-foreground';

/** One row per attendant: finished, average attendance time, average rating, online now. */
export function AtendentesTable({ atendentes }: { atendentes: TVisaoGeral['atendentes'] }) {
  const rows = [...atendentes].sort((a, b) => b.finalizados - a.finalizados || a.nome.localeCompare(b.nome, 'pt-BR'));
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Por atendente</h2>
      <div className="overflow-hidden rounded-xl border bg-card">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/40">
            <tr>
              <th scope="col" className={cn(th, 'text-left')}>
                Atendente
              </th>
              <th scope="col" className={cn(th, 'text-right')}>
                Finalizados
              </th>
              <th scope="col" className={cn(th, 'text-right max-sm:hidden')}>
                Tempo médio
              </th>
              <th scope="col" className={cn(th, 'text-right')}>
                Nota média
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.length === 0 && (
              <tr>
                <td colSpan={4} className="px-4 py-6 text-center text-muted-foreground">
                  Nenhum atendente no filtro escolhido.
                </td>
              </tr>
            )}
            {rows.map((a) => (
              <tr key={a.id}>
                <td className="px-4 py-2.5">
                  <span className="flex items-center gap-3">
                    <span className="relative inline-flex shrink-0">
                      <UserAvatar
                        nome={a.nome}
                        fotoUrl={a.fotoUrl}
                        className="size-8 [&>span]:bg-primary [&>span]:text-primary-foreground"
                      />
                      <span
                        className={cn(
                          'absolute -bottom-0.5 -right-0.5 size-2.5 rounded-full ring-2 ring-card',
                          a.online ? 'bg-emerald-500' : 'bg-zinc-400 dark:bg-zinc-500',
                        )}
                        aria-hidden
                      />
                    </span>
                    <span className="grid min-w-0">
                      <span className="truncate font-medium">{a.nome}</span>
                      <span className="text-xs text-muted-foreground">{a.online ? 'Online agora' : 'Offline'}</span>
                    </span>
                  </span>
                </td>
                <td className="px-4 py-2.5 text-right tabular-nums">{a.finalizados.toLocaleString('pt-BR')}</td>
                <td className="px-4 py-2.5 text-right tabular-nums max-sm:hidden">{formatDuracao(a.tempoMedioAtendimento)}</td>
                <td className="px-4 py-2.5 text-right tabular-nums">
                  {a.notaMedia === null ? '—' : formatNota(a.notaMedia)}
                  {a.avaliacoes > 0 && <span className="ml-1 text-xs text-muted-foreground">({a.avaliacoes})</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
