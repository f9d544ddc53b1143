import { MessagesSquare, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { TCanal } from '@balcao/shared/canais';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanais } from '../api';
import { CanalCard } from './canal-card';
import { CanalFormDialog } from './canal-form-dialog';

/** 'Chat do site' (admin and master): the account's website chat channels. */
export function CanaisTab() {
  const canais = useCanais();
  // null: closed; 'novo': creating; a channel: editing it.
  const [editing, setEditing] = useState<TCanal | 'novo' | null>(null);
  const widgets = canais.data?.filter((c) => c.tipo === 'widget');

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Chat do site</h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            Coloque um chat no seu site. As conversas chegam em Atendimentos, como as do WhatsApp.
          </p>
        </div>
        {widgets && widgets.length > 0 && (
          <Button onClick={() => setEditing('novo')}>
            <Plus aria-hidden /> Novo canal
          </Button>
        )}
      </div>

      {canais.isPending ? (
        <div role="status" className="grid gap-4" aria-busy="true" aria-label="Carregando canais">
          {[0, 1].map((i) => (
            <div key={i} className="grid gap-4 rounded-xl border p-5">
              <div className="flex items-center gap-3">
                <Skeleton className="size-8" />
                <Skeleton className="h-5 w-48" />
              </div>
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-14 w-full" />
            </div>
          ))}
        </div>
      ) : canais.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center" role="alert">
          <p className="text-sm text-muted-foreground">Não foi possível carregar os canais.</p>
          <Button variant="outline" onClick={() => void canais.refetch()}>
            <RotateCw aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : widgets && widgets.length > 0 ? (
        <div className="grid grid-cols-1 gap-4">
          {widgets.map((c) => (
            <CanalCard key={c.id} canal={c} onEdit={() => setEditing(c)} />
          ))}
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <MessagesSquare className="size-6" aria-hidden />
          </span>
          <p className="font-medium">Nenhum chat do site criado.</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Crie um canal, cole o código no seu site e os visitantes já podem conversar com a sua equipe.
          </p>
          <Button onClick={() => setEditing('novo')}>
            <Plus aria-hidden /> Criar canal
          </Button>
        </div>
      )}

      {editing && <CanalFormDialog canal={editing === 'novo' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
