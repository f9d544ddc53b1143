import { ROLE_LABEL } from '@balcao/shared/roles';
import type { TCurrentUser } from '@balcao/shared/usuarios';

/** 'Geral': who is signed in and in which account, read-only (profile edits live in 'Meu perfil'). */
export function GeralTab({ user }: { user: TCurrentUser }) {
  const rows: [string, string][] = [
    ['Conta', user.databaseName],
    ['Nome', user.nome],
    ['E-mail', user.email],
    ['Perfil', ROLE_LABEL[user.role]],
    ['Departamento', user.departamento ?? 'Nenhum'],
  ];
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Geral</h2>
        <p className="text-sm text-muted-foreground">
          Sua conta no Balcão. Para mudar nome, foto ou senha, use 'Perfil' no menu do usuário.
        </p>
      </div>
      <dl className="grid max-w-2xl divide-y rounded-xl border bg-card text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
