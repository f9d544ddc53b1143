import { ArrowLeft, Check } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CARTAS, CARTAS_NUMERICAS, type TValorVoto, type TVotacao } from '@balcao/shared/tracker';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/api';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAcaoVotacao, useTarefa, useVotacao } from './api';
import { estatisticas } from './format';
import { useTrackerLive } from './live';

function Resultado({ v }: { v: TVotacao }) {
  const s = estatisticas(v);
  const maior = Math.max(1, ...s.contagem.values());
  return (
    <section aria-labelledby="resultado-titulo" className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 id="resultado-titulo" className="font-semibold">
        Resultado
      </h2>
      <ul className="flex flex-col gap-1.5">
        {CARTAS.filter((c) => s.contagem.has(String(c))).map((c) => (
          <li key={c} className="flex items-center gap-2 text-sm">
            <span className="w-6 text-right font-medium">{c}</span>
            <span className="h-3 rounded bg-primary" style={{ width: `${(s.contagem.get(String(c))! / maior) * 60}%` }} aria-hidden />
            <span className="text-muted-foreground">
              {s.contagem.get(String(c))} {s.contagem.get(String(c)) === 1 ? 'voto' : 'votos'}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        Mediana: <strong>{s.mediana?.toLocaleString('pt-BR') ?? '—'}</strong> · Variação:{' '}
        <strong>{s.min === null ? '—' : `${s.min} a ${s.max}`}</strong>
      </p>
    </section>
  );
}

/** /tracker/votar-tarefa/{tarefaId}: planning poker, live; the round lives on the server (reload, second device). */
export function VotarTarefaPage() {
  const { tarefaId = '' } = useParams();
  const { user } = useCurrentUser();
  useTrackerLive(user?.id);
  const tarefa = useTarefa(tarefaId);
  const q = useVotacao(tarefaId);
  const acao = useAcaoVotacao(tarefaId);
  const [final, setFinal] = useState<string>('');
  const v = q.data;
  const admin = user?.role === 'admin' || user?.role === 'master';
  const moderador = !!v && (admin || v.moderadorId === user?.id);
  const meu = v?.votos.find((x) => x.usuarioId === user?.id)?.valor ?? null;
  const fazer = (a: Parameters<typeof acao.mutate>[0]) =>
    acao.mutate(a, { onError: (err) => toast.error(errorMessage(err, 'Não foi possível concluir a ação.')) });
  const sugestao = v?.revelada ? estatisticas(v).sugestao : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 p-4 sm:p-6">
      <Link
        to={`/tracker/tarefas?tarefa=${tarefaId}`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Voltar à tarefa
      </Link>
      <div>
        <p className="text-sm text-muted-foreground">Votação de complexidade</p>
        <h1 className="text-2xl font-semibold tracking-tight">{tarefa.data ? `#${tarefa.data.numero} ${tarefa.data.titulo}` : 'Tarefa'}</h1>
        {tarefa.data?.complexidade != null && <p className="text-sm">Complexidade atual: {tarefa.data.complexidade}</p>}
      </div>
      {(q.isPending || tarefa.isPending) && <Skeleton className="h-40" />}
      {(q.isError || tarefa.isError) && (
        <p className="text-sm text-destructive">{errorMessage(q.error ?? tarefa.error, 'Tarefa não encontrada.')}</p>
      )}
      {v && !v.aberta && (
        <div className="flex flex-col items-start gap-2 rounded-lg border p-4">
          <p className="text-sm">{v.rodada ? 'A votação foi encerrada.' : 'Nenhuma votação aberta para esta tarefa.'}</p>
          <Button onClick={() => fazer({ acao: 'abrir' })}>{v.rodada ? 'Abrir nova rodada' : 'Abrir votação'}</Button>
        </div>
      )}
      {v?.aberta && (
        <>
          <p className="text-sm text-muted-foreground">
            Rodada {v.rodada} · {v.revelada ? 'votos revelados' : 'os votos aparecem quando a moderação revelar'}
          </p>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Sua carta</legend>
            {CARTAS.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={meu === c}
                disabled={v.revelada || acao.isPending}
                onClick={() => fazer({ acao: 'votar', valor: c as TValorVoto })}
                className={cn(
                  'flex h-20 w-14 items-center justify-center rounded-lg border-2 text-xl font-semibold transition-colors disabled:opacity-60',
                  meu === c ? 'border-primary bg-primary text-primary-foreground' : 'hover:border-primary',
                )}
              >
                {c}
              </button>
            ))}
          </fieldset>
          <section aria-labelledby="votantes-titulo" aria-live="polite" className="flex flex-col gap-2">
            <h2 id="votantes-titulo" className="font-semibold">
              Quem votou ({v.votos.length})
            </h2>
            <ul className="flex flex-wrap gap-2">
              {v.votos.map((x) => (
                <li key={x.usuarioId} className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm">
                  <Check className="size-3.5 text-primary" aria-hidden />
                  {x.nome}
                  {v.revelada && <strong>{x.valor}</strong>}
                </li>
              ))}
              {v.votos.length === 0 && <li className="text-sm text-muted-foreground">Ninguém votou ainda.</li>}
            </ul>
          </section>
          {v.revelada && <Resultado v={v} />}
          {moderador && (
            <div className="flex flex-wrap items-end gap-2 rounded-lg border p-4">
              {!v.revelada && (
                <Button onClick={() => fazer({ acao: 'revelar' })} disabled={!v.votos.length}>
                  Revelar votos
                </Button>
              )}
              {v.revelada && (
                <>
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor="complexidade-final">Complexidade final</Label>
                    <NativeSelect
                      id="complexidade-final"
                      value={final || String(sugestao ?? '')}
                      onChange={(e) => setFinal(e.target.value)}
                      className="w-28"
                    >
                      <option value="">—</option>
                      {CARTAS_NUMERICAS.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  <Button
                    onClick={() => {
                      const escolhida = final || String(sugestao ?? '');
                      fazer({ acao: 'encerrar', complexidade: escolhida ? Number(escolhida) : null });
                    }}
                  >
                    Encerrar e salvar
                  </Button>
                </>
              )}
              <Button variant="outline" onClick={() => fazer({ acao: 'abrir' })}>
                Nova rodada
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
