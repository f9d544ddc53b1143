import { RotateCw, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { USUARIOS_TEXTS, type TUsuarioAdmin, type TUsuariosQuery } from '@balcao/shared/usuarios';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/api';
import { ConfirmDialog } from '@/features/config/components/confirm-dialog';
import { useDepartamentos } from '@/features/departamentos/api';
import { useUsuarioAcao, useUsuarios } from '../api';
import { SeatsSummary } from './seats-summary';
import { UsuarioFormDialog } from './usuario-form-dialog';
import { UsuariosFilters } from './usuarios-filters';
import { UsuariosTable, type TAcaoUsuario } from './usuarios-table';

/** Waits for typing to pause before asking the server again. */
function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return v;
}

function TableSkeleton() {
  return (
    <div role="status" className="grid gap-0 divide-y rounded-xl border bg-card" aria-busy="true" aria-label="Carregando usuários">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}

const CONFIRM = {
  desativar: (u: TUsuarioAdmin) => ({
    title: `Desativar ${u.nome}?`,
    description: 'A pessoa sai do sistema na hora e não consegue mais entrar. O histórico de atendimentos dela é mantido.',
    confirmLabel: 'Desativar',
    destructive: true,
  }),
  reativar: (u: TUsuarioAdmin) => ({
    title: `Reativar ${u.nome}?`,
    description:
      u.role === 'admin' || u.role === 'atendente'
        ? 'A pessoa volta a entrar no Balcão e ocupa um assento da licença.'
        : 'A pessoa volta a entrar no Balcão.',
    confirmLabel: 'Reativar',
    destructive: false,
  }),
  'redefinir-senha': (u: TUsuarioAdmin) => ({
    title: 'Redefinir senha?',
    description: `Enviaremos para ${u.email} um link para definir uma nova senha.`,
    confirmLabel: 'Enviar link',
    destructive: false,
  }),
} as const;

/** /usuarios (admin and master): the account's users, seats of the licence, invitations and deactivation. */
export function UsuariosPage() {
  const { user } = useCurrentUser();
  const [filtros, setFiltros] = useState<TUsuariosQuery>({});
  const query = { ...filtros, busca: useDebounced(filtros.busca?.trim() || undefined) };
  const usuarios = useUsuarios(query);
  const departamentos = useDepartamentos();
  const acao = useUsuarioAcao();
  const [editing, setEditing] = useState<TUsuarioAdmin | 'novo' | null>(null);
  const [confirm, setConfirm] = useState<{ acao: keyof typeof CONFIRM; u: TUsuarioAdmin } | null>(null);
  const filtrando = Object.values(filtros).some(Boolean);
  if (!user) return null;
  const caller = { id: user.id, role: user.role };

  const onAcao = (a: TAcaoUsuario, u: TUsuarioAdmin) => {
    if (a === 'editar') setEditing(u);
    else setConfirm({ acao: a, u });
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Usuários</h1>
          <p className="text-sm text-muted-foreground">Quem atende e administra a sua conta.</p>
        </div>
        <Button onClick={() => setEditing('novo')}>
          <UserPlus aria-hidden /> Novo usuário
        </Button>
      </div>
      <SeatsSummary />
      <UsuariosFilters filtros={filtros} onChange={setFiltros} departamentos={departamentos.data} />

      {usuarios.isPending ? (
        <TableSkeleton />
      ) : usuarios.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center" role="alert">
          <p className="text-sm text-muted-foreground">Não foi possível carregar os usuários.</p>
          <Button variant="outline" onClick={() => void usuarios.refetch()}>
            <RotateCw aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : usuarios.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Users className="size-6" aria-hidden />
          </span>
          <p className="font-medium">{USUARIOS_TEXTS.vazio}</p>
          {filtrando ? (
            <Button variant="outline" onClick={() => setFiltros({})}>
              Limpar filtros
            </Button>
          ) : (
            <Button onClick={() => setEditing('novo')}>
              <UserPlus aria-hidden /> Convidar o primeiro usuário
            </Button>
          )}
        </div>
      ) : (
        <UsuariosTable usuarios={usuarios.data} caller={caller} onAcao={onAcao} />
      )}

      {editing && (
        <UsuarioFormDialog
          usuario={editing === 'novo' ? null : editing}
          caller={caller}
          departamentos={departamentos.data}
          onClose={() => setEditing(null)}
        />
      )}
      {confirm && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirm(null)}
          {...CONFIRM[confirm.acao](confirm.u)}
          onConfirm={() => acao.mutate({ usuario: confirm.u, acao: confirm.acao })}
        />
      )}
    </div>
  );
}
