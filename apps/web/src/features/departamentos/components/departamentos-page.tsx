import { Building2, MessageCircle, MoreHorizontal, Pencil, Plus, RotateCw, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { DEPARTAMENTOS_TEXTS, type TDepartamento } from '@balcao/shared/departamentos';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfirmDialog } from '@/features/config/components/confirm-dialog';
import { useDeleteDepartamento, useDepartamentos } from '../api';
import { DepartamentoFormDialog } from './departamento-form-dialog';

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

function DepartamentoRow({ d, onEdit, onDelete }: { d: TDepartamento; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Building2 className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-medium">{d.nome}</span>
        <span className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Users className="size-3.5" aria-hidden /> {plural(d.membros, 'membro', 'membros')}
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageCircle className="size-3.5" aria-hidden /> {plural(d.atendimentosAbertos, 'atendimento aberto', 'atendimentos abertos')}
          </span>
        </span>
      </div>
      <Button variant="outline" size="sm" className="max-sm:hidden" onClick={onEdit}>
        <Users aria-hidden /> Membros
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Ações para ${d.nome}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-48">
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden /> Editar
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={onDelete}>
            <Trash2 aria-hidden /> Excluir
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}

/** /departamentos (admin and master): departments, their members and open atendimentos. */
export function DepartamentosPage() {
  const departamentos = useDepartamentos();
  const remove = useDeleteDepartamento();
  const [editing, setEditing] = useState<TDepartamento | 'novo' | null>(null);
  const [deleting, setDeleting] = useState<TDepartamento | null>(null);
  const lista = departamentos.data ? [...departamentos.data].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')) : undefined;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Departamentos</h1>
          <p className="text-sm text-muted-foreground">Filas de atendimento, transferências e grupos do chat interno.</p>
        </div>
        {lista && lista.length > 0 && (
          <Button onClick={() => setEditing('novo')}>
            <Plus aria-hidden /> Novo departamento
          </Button>
        )}
      </div>

      {departamentos.isPending ? (
        <ul className="divide-y rounded-xl border bg-card" aria-busy="true" aria-label="Carregando departamentos">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-3 px-4 py-3">
              <Skeleton className="size-9" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-52" />
              </div>
            </li>
          ))}
        </ul>
      ) : departamentos.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center" role="alert">
          <p className="text-sm text-muted-foreground">Não foi possível carregar os departamentos.</p>
          <Button variant="outline" onClick={() => void departamentos.refetch()}>
            <RotateCw aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : lista && lista.length > 0 ? (
        <ul className="divide-y rounded-xl border bg-card" aria-label="Departamentos">
          {lista.map((d) => (
            <DepartamentoRow key={d.id} d={d} onEdit={() => setEditing(d)} onDelete={() => setDeleting(d)} />
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Building2 className="size-6" aria-hidden />
          </span>
          <p className="font-medium">{DEPARTAMENTOS_TEXTS.vazio}</p>
          <p className="max-w-sm text-sm text-muted-foreground">Crie departamentos como Vendas ou Suporte para separar as filas.</p>
          <Button onClick={() => setEditing('novo')}>
            <Plus aria-hidden /> Criar departamento
          </Button>
        </div>
      )}

      {editing && <DepartamentoFormDialog departamento={editing === 'novo' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setDeleting(null)}
          title={`Excluir ${deleting.nome}?`}
          description="Os membros ficam sem departamento e os grupos do chat interno deixam de usá-lo. Atendimentos finalizados são mantidos."
          confirmLabel="Excluir"
          onConfirm={() => remove.mutate(deleting.id)}
        />
      )}
    </div>
  );
}
