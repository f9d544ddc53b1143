import { KeyRound, Lock, MoreHorizontal, Pencil, Power, PowerOff } from 'lucide-react';
import { ROLE_LABEL } from '@balcao/shared/roles';
import type { TUsuarioAdmin } from '@balcao/shared/usuarios';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { permissoesSobre, type TCaller } from '../permissoes';

export type TAcaoUsuario = 'editar' | 'desativar' | 'reativar' | 'redefinir-senha';

function StatusBadge({ u }: { u: TUsuarioAdmin }) {
  if (u.status === 'inativo') {
    return <span className="inline-flex rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">Inativo</span>;
  }
  if (u.convitePendente) {
    return (
      <span className="inline-flex whitespace-nowrap rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-300">
        Convite pendente
      </span>
    );
  }
  return (
    <span className="inline-flex rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:text-emerald-300">
      Ativo
    </span>
  );
}

function Pessoa({ u }: { u: TUsuarioAdmin }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="relative inline-flex shrink-0">
        <UserAvatar nome={u.nome} fotoUrl={u.fotoUrl} className="size-9 [&>span]:bg-primary [&>span]:text-primary-foreground" />
        <span
          className={cn(
            'absolute -bottom-0.5 -right-0.5 size-3 rounded-full ring-2 ring-background',
            u.online ? 'bg-emerald-500' : 'bg-zinc-400 dark:bg-zinc-500',
          )}
          title={u.online ? 'Online' : 'Offline'}
        />
        <span className="sr-only">{u.online ? 'Online' : 'Offline'}</span>
      </span>
      <div className="grid min-w-0">
        <span className="truncate font-medium">{u.nome}</span>
        <span className="truncate text-xs text-muted-foreground">{u.email}</span>
      </div>
    </div>
  );
}

function Acoes({ u, caller, onAcao }: { u: TUsuarioAdmin; caller: TCaller; onAcao: (a: TAcaoUsuario, u: TUsuarioAdmin) => void }) {
  const p = permissoesSobre(caller, u);
  if (p.protegido) {
    const why = u.ehMaster ? 'O master não pode ser alterado.' : 'Somente o master altera administradores.';
    return (
      <span className="inline-flex size-9 items-center justify-center text-muted-foreground" title={why}>
        <Lock className="size-4" aria-hidden />
        <span className="sr-only">{why}</span>
      </span>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Ações para ${u.nome}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuItem onSelect={() => onAcao('editar', u)}>
          <Pencil aria-hidden /> Editar
        </DropdownMenuItem>
        {p.redefinirSenha && (
          <DropdownMenuItem onSelect={() => onAcao('redefinir-senha', u)}>
            <KeyRound aria-hidden /> Redefinir senha
          </DropdownMenuItem>
        )}
        {p.desativar && (
          <DropdownMenuItem variant="destructive" onSelect={() => onAcao('desativar', u)}>
            <PowerOff aria-hidden /> Desativar
          </DropdownMenuItem>
        )}
        {p.reativar && (
          <DropdownMenuItem onSelect={() => onAcao('reativar', u)}>
            <Power aria-hidden /> Reativar
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const th = 'px-4 py-2.5 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground';

/** The account's users: person (avatar, online dot, e-mail), role, department, status, actions. */
export function UsuariosTable({
  usuarios,
  caller,
  onAcao,
}: {
  usuarios: TUsuarioAdmin[];
  caller: TCaller;
  onAcao: (a: TAcaoUsuario, u: TUsuarioAdmin) => void;
}) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Usuários da conta</caption>
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className={th}>
              Usuário
            </th>
            <th scope="col" className={cn(th, 'w-36 max-sm:hidden')}>
              Papel
            </th>
            <th scope="col" className={cn(th, 'w-44 max-md:hidden')}>
              Departamento
            </th>
            <th scope="col" className={cn(th, 'w-40 max-sm:hidden')}>
              Status
            </th>
            <th scope="col" className={cn(th, 'w-14 px-2')}>
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {usuarios.map((u) => (
            <tr key={u.id} className={cn('transition-colors hover:bg-muted/30', u.status === 'inativo' && 'text-muted-foreground')}>
              <td className="px-4 py-3">
                <Pessoa u={u} />
                <span className="mt-1.5 flex items-center gap-2 pl-12 text-xs text-muted-foreground sm:hidden">
                  {ROLE_LABEL[u.role]} <StatusBadge u={u} />
                </span>
              </td>
              <td className="px-4 py-3 max-sm:hidden">{ROLE_LABEL[u.role]}</td>
              <td className="truncate px-4 py-3 max-md:hidden">
                {u.departamentos.length ? u.departamentos.map((d) => d.nome).join(', ') : <span className="text-muted-foreground">—</span>}
              </td>
              <td className="px-4 py-3 max-sm:hidden">
                <StatusBadge u={u} />
              </td>
              <td className="px-2 py-3 text-right">
                <Acoes u={u} caller={caller} onAcao={onAcao} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
