import { PRIORIDADE_NOMES, PRIORIDADES, type TPrioridade } from '@balcao/shared/tracker';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/** The priority picker of the new-task dialog and of the drawer. */
export function PrioridadeCampo({ id, valor, onChange }: { id: string; valor: TPrioridade; onChange: (p: TPrioridade) => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Prioridade</Label>
      <NativeSelect id={id} value={valor} onChange={(e) => onChange(e.target.value as TPrioridade)}>
        {PRIORIDADES.map((p) => (
          <option key={p} value={p}>
            {PRIORIDADE_NOMES[p]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
