import type { TPessoaRef } from '@balcao/shared/tracker';
import { useCurrentUser } from '@/features/auth/api';
import { usePessoas } from './api';

/** The account's people (the caller first) as checkboxes: assigning someone tells them in the internal chat. */
export function usePessoasComigo(): TPessoaRef[] {
  const { user } = useCurrentUser();
  const q = usePessoas();
  const outros = (q.data ?? []).filter((p) => p.id !== user?.id).map((p) => ({ id: p.id, nome: p.nome }));
  return user ? [{ id: user.id, nome: `${user.nome} (eu)` }, ...outros] : outros;
}

export function ResponsaveisCampo({ valor, onChange }: { valor: TPessoaRef[]; onChange: (ids: string[]) => void }) {
  const pessoas = usePessoasComigo();
  const ids = new Set(valor.map((v) => v.id));
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Responsáveis</legend>
      <div className="flex max-h-40 flex-col gap-1 overflow-y-auto rounded-md border p-2">
        {pessoas.map((p) => (
          <label key={p.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={ids.has(p.id)}
              onChange={(e) => onChange(e.target.checked ? [...ids, p.id] : [...ids].filter((i) => i !== p.id))}
            />
            {p.nome}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
