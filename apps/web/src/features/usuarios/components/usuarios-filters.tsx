import { Search } from 'lucide-react';
import { ROLE_LABEL, ROLES } from '@balcao/shared/roles';
import type { TDepartamento } from '@balcao/shared/departamentos';
import type { TUsuariosQuery } from '@balcao/shared/usuarios';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

type Props = {
  filtros: TUsuariosQuery;
  onChange: (f: TUsuariosQuery) => void;
  departamentos: TDepartamento[] | undefined;
};

/** Search by name or e-mail, and the role, department and status filters of the users table. */
export function UsuariosFilters({ filtros, onChange, departamentos }: Props) {
  const set = <K extends keyof TUsuariosQuery>(k: K, v: string) => onChange({ ...filtros, [k]: v || undefined });
  return (
    <div className="grid grid-cols-2 gap-2 lg:grid-cols-[minmax(12rem,1fr)_11rem_10rem_14rem]">
      <div className="relative col-span-2 lg:col-span-1">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={filtros.busca ?? ''}
          onChange={(e) => set('busca', e.target.value)}
          placeholder="Buscar por nome ou e-mail"
          aria-label="Buscar por nome ou e-mail"
          className="pl-8"
        />
      </div>
      <NativeSelect aria-label="Filtrar por papel" value={filtros.role ?? ''} onChange={(e) => set('role', e.target.value)}>
        <option value="">Todos os papéis</option>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABEL[r]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="Filtrar por status" value={filtros.status ?? ''} onChange={(e) => set('status', e.target.value)}>
        <option value="">Qualquer status</option>
        <option value="ativo">Ativos</option>
        <option value="inativo">Inativos</option>
      </NativeSelect>
      <NativeSelect
        aria-label="Filtrar por departamento"
        className="col-span-2 lg:col-span-1"
        value={filtros.departamentoId ?? ''}
        onChange={(e) => set('departamentoId', e.target.value)}
      >
        <option value="">Todos os departamentos</option>
        {departamentos?.map((d) => (
          <option key={d.id} value={d.id}>
            {d.nome}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
