import { Search } from 'lucide-react';
import { useState } from 'react';
import { ROLE_LABEL } from '@balcao/shared/roles';
import type { TUsuarioAdmin } from '@balcao/shared/usuarios';
import { UserAvatar } from '@/components/ui/avatar';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';

const semAcento = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The department's members: every user of the account, ticked when a member; a user in another department moves here. */
export function MembrosField({
  departamentoId,
  usuarios,
  selected,
  onChange,
}: {
  departamentoId: string | null;
  usuarios: TUsuarioAdmin[] | undefined;
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const [busca, setBusca] = useState('');
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  const termo = semAcento(busca.trim());
  const visiveis = usuarios?.filter((u) => !termo || semAcento(`${u.nome} ${u.email}`).includes(termo));

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">
        Membros <span className="font-normal text-muted-foreground">({selected.length})</span>
      </legend>
      <div className="relative">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
          placeholder="Buscar pessoa"
          aria-label="Buscar pessoa"
          className="pl-8"
        />
      </div>
      <ul className="max-h-64 divide-y overflow-y-auto rounded-lg border">
        {!visiveis
          ? [0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3 px-3 py-2">
                <Skeleton className="size-7 rounded-full" />
                <Skeleton className="h-4 w-40" />
              </li>
            ))
          : visiveis.map((u) => {
              const outro = u.departamentos.find((d) => d.id !== departamentoId);
              const checked = selected.includes(u.id);
              return (
                <li key={u.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted/40">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={checked}
                      onChange={(e) => toggle(u.id, e.target.checked)}
                    />
                    <UserAvatar nome={u.nome} fotoUrl={u.fotoUrl} className="size-7 [&>span]:bg-primary [&>span]:text-primary-foreground" />
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate text-sm font-medium">{u.nome}</span>
                      <span className="truncate text-xs text-muted-foreground">
                        {ROLE_LABEL[u.role]}
                        {u.status === 'inativo' && ' · inativo'}
                        {outro && (checked ? ` · sai de ${outro.nome}` : ` · em ${outro.nome}`)}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
        {visiveis?.length === 0 && <li className="px-3 py-4 text-center text-sm text-muted-foreground">Ninguém encontrado.</li>}
      </ul>
      <p className="text-xs text-muted-foreground">Cada pessoa pertence a um departamento; ao marcar, ela sai do departamento anterior.</p>
    </fieldset>
  );
}
