import { BarChart3, RotateCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { VISAO_GERAL_TEXTS, ZVisaoGeralQuery, type TVisaoGeralQuery } from '@balcao/shared/dashboard';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDepartamentos } from '@/features/departamentos/api';
import { useUsuarios } from '@/features/usuarios/api';
import { fieldErrors } from '@/lib/form';
import { useVisaoGeral } from './api';
import { AtendentesTable } from './atendentes-table';
import { VisaoGeralCards } from './cards';
import { ExportarCsv } from './exportar';
import { VisaoGeralFiltros } from './filtros';

// recharts is heavy: it comes with the charts only, after the figures are on screen (the shell budget holds).
const VisaoGeralCharts = lazy(() => import('./charts'));

const diaBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

function ChartsSkeleton() {
  return (
    <div role="status" className="grid gap-4 lg:grid-cols-2" aria-busy="true" aria-label="Carregando gráficos">
      <Skeleton className="h-72 lg:col-span-2" />
      <Skeleton className="h-72" />
      <Skeleton className="h-72" />
    </div>
  );
}

/** /dashboard (admin and master): the account's overview in its time zone. */
export function DashboardPage() {
  const [filtros, setFiltros] = useState<TVisaoGeralQuery>({ periodo: 'mes' });
  const { data: query, errors } = fieldErrors(ZVisaoGeralQuery, filtros);
  const visao = useVisaoGeral(query ?? filtros, query !== null);
  const departamentos = useDepartamentos();
  const usuarios = useUsuarios({});
  const atendentes = usuarios.data?.filter((u) => u.role === 'atendente' || u.role === 'admin' || u.ehMaster);
  const data = visao.data;
  const vazio = data && data.cards.abertos === 0 && data.cards.finalizados === 0 && data.cards.aguardandoAgora === 0;
  // A custom range starts as the period on screen, so choosing it never shows an empty, invalid form.
  const mudarFiltros = (f: TVisaoGeralQuery) =>
    setFiltros(
      f.periodo === 'personalizado' && !f.dataInicio && !f.dataFim && data
        ? { ...f, dataInicio: data.periodo.dataInicio, dataFim: data.periodo.dataFim }
        : f,
    );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
          <p className="text-sm text-muted-foreground">
            {data
              ? `${diaBr(data.periodo.dataInicio)} a ${diaBr(data.periodo.dataFim)} · horários no fuso da conta (${data.periodo.timeZone})`
              : 'Visão geral dos atendimentos da conta.'}
          </p>
        </div>
        <ExportarCsv filtros={query ?? filtros} periodo={data?.periodo} />
      </div>
      <VisaoGeralFiltros
        filtros={filtros}
        onChange={mudarFiltros}
        departamentos={departamentos.data}
        atendentes={atendentes}
        erroIntervalo={errors.dataInicio ?? errors.dataFim}
      />

      {visao.isError && !data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center" role="alert">
          <p className="text-sm text-muted-foreground">Não foi possível carregar o dashboard.</p>
          <Button variant="outline" onClick={() => void visao.refetch()}>
            <RotateCw aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-5" aria-busy={visao.isFetching} aria-live="polite">
          <VisaoGeralCards cards={data?.cards} />
          {!data ? (
            <ChartsSkeleton />
          ) : vazio ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <BarChart3 className="size-6" aria-hidden />
              </span>
              <p className="font-medium">{VISAO_GERAL_TEXTS.vazio}</p>
              <p className="text-sm text-muted-foreground">Escolha outro período ou limpe os filtros.</p>
            </div>
          ) : (
            <Suspense fallback={<ChartsSkeleton />}>
              <VisaoGeralCharts data={data} />
            </Suspense>
          )}
          {data && <AtendentesTable atendentes={data.atendentes} />}
          {data?.porEtiqueta && data.porEtiqueta.length > 0 && (
            <section aria-label="Por etiqueta" className="flex flex-col gap-2">
              <h2 className="text-base font-semibold">Por etiqueta</h2>
              <ul className="flex flex-wrap gap-2">
                {data.porEtiqueta.map((e) => (
                  <li key={e.etiquetaId} className="flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm">
                    <span className="size-2.5 rounded-full" style={{ background: e.cor }} aria-hidden />
                    {e.nome}
                    <span className="font-semibold tabular-nums">{e.abertos}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
