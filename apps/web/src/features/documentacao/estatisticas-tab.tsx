import { Eye, SearchX, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDataHora } from '@/features/atendimentos/format';
import { formatCount, formatQuantidade } from '@/features/dashboard/format';
import { mensagemHttp } from '@/lib/http';
import { useEstatisticas } from './api';
import { taxaAjudou } from './estatisticas';

function Vazio({ icone, children }: { icone: ReactNode; children: ReactNode }) {
  return (
    <div className="grid place-items-center gap-2 px-4 py-10 text-center text-sm text-muted-foreground">
      {icone}
      <p className="max-w-sm">{children}</p>
    </div>
  );
}

function Cartao({ titulo, descricao, children }: { titulo: string; descricao: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-3 rounded-xl border bg-card p-4" aria-label={titulo}>
      <div className="grid gap-0.5">
        <h2 className="text-base font-semibold">{titulo}</h2>
        <p className="text-sm text-muted-foreground">{descricao}</p>
      </div>
      {children}
    </section>
  );
}

/** For admins: what visitors read, whether it helped, and what they searched for and did not find. */
export function EstatisticasTab() {
  const est = useEstatisticas();
  if (est.isPending)
    return (
      <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-24 w-full lg:col-span-2" />
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (est.isError)
    return (
      <p role="alert" className="rounded-xl border border-destructive/40 p-4 text-sm text-destructive">
        {mensagemHttp(est.error, 'Não foi possível carregar as estatísticas.')}
      </p>
    );
  const { maisLidos, votos, buscasSemResultado } = est.data;
  const geral = taxaAjudou(votos.sim, votos.nao);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-3 lg:col-span-2" aria-label="Resumo">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Este artigo ajudou?</p>
          <p className="text-2xl font-semibold tabular-nums">{geral === null ? '—' : `${geral}% sim`}</p>
        </div>
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Respostas</p>
          <p className="text-2xl font-semibold tabular-nums">
            {formatCount(votos.sim)} sim · {formatCount(votos.nao)} não
          </p>
        </div>
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Buscas sem resultado</p>
          <p className="text-2xl font-semibold tabular-nums">{formatCount(buscasSemResultado.reduce((n, b) => n + b.vezes, 0))}</p>
        </div>
      </section>
      <Cartao titulo="Mais lidos" descricao="Leituras das páginas públicas e do chat do site, e o que os leitores responderam.">
        {maisLidos.length === 0 ? (
          <Vazio icone={<Eye className="size-7" aria-hidden />}>
            Nenhuma leitura ainda. Publique um documento público e compartilhe o link.
          </Vazio>
        ) : (
          <table className="w-full table-fixed text-sm">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1.5 pr-2 font-medium">Documento</th>
                <th className="w-20 px-2 py-1.5 text-right font-medium">Leituras</th>
                <th className="w-24 py-1.5 pl-2 text-right font-medium">Ajudou</th>
              </tr>
            </thead>
            <tbody>
              {maisLidos.map((d) => {
                const taxa = taxaAjudou(d.votosSim, d.votosNao);
                return (
                  <tr key={d.id} className="border-t">
                    <td className="truncate py-2 pr-2" title={d.titulo}>
                      {d.titulo}
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums">{formatCount(d.leituras)}</td>
                    <td className="whitespace-nowrap py-2 pl-2 text-right tabular-nums" title={`${d.votosSim} sim, ${d.votosNao} não`}>
                      {taxa === null ? '—' : `${taxa}% (${d.votosSim + d.votosNao})`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Cartao>
      <Cartao titulo="Buscas sem resultado" descricao="O que os visitantes procuraram e não encontraram: os próximos artigos a escrever.">
        {buscasSemResultado.length === 0 ? (
          <Vazio icone={<SearchX className="size-7" aria-hidden />}>Nenhuma busca sem resultado até agora.</Vazio>
        ) : (
          <ul className="grid">
            {buscasSemResultado.map((b) => (
              <li
                key={b.termo}
                className="flex flex-col gap-0.5 border-t py-2 text-sm first:border-t-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3"
              >
                <span className="min-w-0 break-words font-medium">{b.termo}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {formatQuantidade(b.vezes, 'vez', 'vezes')} · última em {formatDataHora(b.ultimaEm)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Cartao>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground lg:col-span-2">
        <ThumbsUp className="size-3.5" aria-hidden /> "Ajudou" é a parte das respostas "Sim" a "Este artigo ajudou?".
      </p>
    </div>
  );
}
