import { PERIODO_VISAO_GERAL_LABEL, PERIODOS_VISAO_GERAL, type TPeriodoVisaoGeral, type TVisaoGeralQuery } from '@balcao/shared/dashboard';
import type { TDepartamento } from '@balcao/shared/departamentos';
import type { TUsuarioAdmin } from '@balcao/shared/usuarios';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Segmented } from '../components/segmented';

const OPCOES = PERIODOS_VISAO_GERAL.map((p) => ({ value: p, label: PERIODO_VISAO_GERAL_LABEL[p] }));

type Props = {
  filtros: TVisaoGeralQuery;
  onChange: (f: TVisaoGeralQuery) => void;
  departamentos: TDepartamento[] | undefined;
  atendentes: TUsuarioAdmin[] | undefined;
  /** The custom range's error from the shared schema, if any. */
  erroIntervalo?: string;
};

/** Period (Dia, Semana, Mês, a custom range), department and attendant: what the overview counts. */
export function VisaoGeralFiltros({ filtros, onChange, departamentos, atendentes, erroIntervalo }: Props) {
  const set = (patch: Partial<TVisaoGeralQuery>) => onChange({ ...filtros, ...patch });
  const personalizado = filtros.periodo === 'personalizado';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="max-w-full overflow-x-auto">
          <Segmented<TPeriodoVisaoGeral>
            label="Período"
            value={filtros.periodo ?? 'mes'}
            options={OPCOES}
            onChange={(periodo) => set({ periodo })}
          />
        </div>
        <NativeSelect
          aria-label="Departamento"
          className="w-full sm:w-48"
          value={filtros.departamentoId ?? ''}
          onChange={(e) => set({ departamentoId: e.target.value || undefined })}
        >
          <option value="">Todos os departamentos</option>
          {departamentos?.map((d) => (
            <option key={d.id} value={d.id}>
              {d.nome}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Atendente"
          className="w-full sm:w-48"
          value={filtros.atendenteId ?? ''}
          onChange={(e) => set({ atendenteId: e.target.value || undefined })}
        >
          <option value="">Todos os atendentes</option>
          {atendentes?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.nome}
            </option>
          ))}
        </NativeSelect>
      </div>
      {personalizado && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="visao-inicio">Início</Label>
            <Input
              id="visao-inicio"
              type="date"
              className="w-40"
              value={filtros.dataInicio ?? ''}
              onChange={(e) => set({ dataInicio: e.target.value || undefined })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="visao-fim">Fim</Label>
            <Input
              id="visao-fim"
              type="date"
              className="w-40"
              value={filtros.dataFim ?? ''}
              onChange={(e) => set({ dataFim: e.target.value || undefined })}
              aria-invalid={!!erroIntervalo}
              aria-describedby={erroIntervalo ? 'visao-intervalo-erro' : undefined}
            />
          </div>
          {erroIntervalo && (
            <p id="visao-intervalo-erro" role="alert" className="pb-2 text-sm text-destructive">
              {erroIntervalo}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
