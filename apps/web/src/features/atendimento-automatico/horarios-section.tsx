import { useState } from 'react';
import { AUTOMATICO_TEXTS } from '@balcao/shared/atendimento-automatico';
import type { TDepartamento } from '@balcao/shared/departamentos';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useHorarios, useHorariosDepartamento, useSaveHorarios, useSaveHorariosDepartamento } from './api';
import { HorariosForm } from './horarios-form';

/** The account's hours, or one department's own: its conversations follow them, the account's otherwise. */
export function HorariosSection({ departamentos }: { departamentos: TDepartamento[] }) {
  const [departamentoId, setDepartamentoId] = useState('');
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Horário de atendimento</h2>
        <NativeSelect
          aria-label="Horário de"
          className="h-9 w-64"
          value={departamentoId}
          onChange={(e) => setDepartamentoId(e.target.value)}
        >
          <option value="">Toda a conta</option>
          {departamentos.map((d) => (
            <option key={d.id} value={d.id}>
              Departamento {d.nome}
            </option>
          ))}
        </NativeSelect>
      </div>
      {departamentoId ? <DoDepartamento key={departamentoId} departamentoId={departamentoId} /> : <DaConta />}
    </section>
  );
}

function DaConta() {
  const horarios = useHorarios();
  const salvar = useSaveHorarios();
  if (!horarios.data) return <Skeleton className="h-64" />;
  return <HorariosForm inicial={horarios.data} salvar={salvar.mutateAsync} />;
}

function DoDepartamento({ departamentoId }: { departamentoId: string }) {
  const horarios = useHorariosDepartamento(departamentoId);
  const salvar = useSaveHorariosDepartamento(departamentoId);
  const h = horarios.data;
  if (!h) return <Skeleton className="h-64" />;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed px-3 py-2 text-sm" data-proprio={h.proprio}>
        {h.proprio ? (
          <>
            <span>Este departamento tem horário próprio; as conversas na fila dele seguem este horário e esta mensagem.</span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="ml-auto"
              disabled={salvar.isPending}
              onClick={() =>
                salvar.mutate(null, {
                  onSuccess: () => toast.success(AUTOMATICO_TEXTS.horarioDaConta),
                  onError: (err) => toast.error(errorMessage(err, 'Não foi possível salvar.')),
                })
              }
            >
              Usar o horário da conta
            </Button>
          </>
        ) : (
          <span className="text-muted-foreground">
            {h.configurado
              ? 'Segue o horário da conta (abaixo). Altere e salve para dar a este departamento um horário próprio.'
              : 'Segue a conta, que não definiu horário: sempre aberto. Defina os períodos e salve para dar a este departamento um horário próprio.'}
          </span>
        )}
      </div>
      <HorariosForm
        key={String(h.proprio)}
        inicial={h}
        salvar={salvar.mutateAsync}
        rotulo={h.proprio ? 'Salvar horários' : 'Salvar horário próprio'}
      />
    </>
  );
}
