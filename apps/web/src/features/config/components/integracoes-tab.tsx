import { MessageCircle, Plus, RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { TCanalWhatsApp } from '@balcao/shared/canais';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDepartamentos } from '@/features/departamentos/api';
import { useWhatsAppCanais } from '../whatsapp-api';
import { WapiCard } from './wapi-card';
import { WhatsAppCard } from './whatsapp-card';
import { WhatsAppFormDialog } from './whatsapp-form-dialog';
import { ChavesErpSection } from '@/features/autoatendimento/chaves-section';
import { IaConfigSection } from '@/features/ia/components/ia-config-section';

/** Integrações (admin and master): WhatsApp Web by QR code and WhatsApp Cloud API numbers. */
export function IntegracoesTab() {
  const canais = useWhatsAppCanais();
  const departamentos = useDepartamentos();
  const [editing, setEditing] = useState<TCanalWhatsApp | 'novo' | null>(null);
  const lista = canais.data ?? [];

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Integrações</h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            Conecte o WhatsApp do seu negócio pela API oficial do Meta: as conversas chegam em Atendimentos, como as do chat do site.
          </p>
        </div>
        {lista.length > 0 && (
          <Button onClick={() => setEditing('novo')}>
            <Plus aria-hidden /> Novo número
          </Button>
        )}
      </div>

      {canais.isPending ? (
        <div role="status" className="grid gap-4 rounded-xl border p-5" aria-busy="true" aria-label="Carregando integrações">
          <div className="flex items-center gap-3">
            <Skeleton className="size-8" />
            <Skeleton className="h-5 w-48" />
          </div>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : canais.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center" role="alert">
          <p className="text-sm text-muted-foreground">Não foi possível carregar as integrações.</p>
          <Button variant="outline" onClick={() => void canais.refetch()}>
            <RotateCw aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : lista.length > 0 ? (
        <div className="grid grid-cols-1 gap-4">
          {lista.map((c) => (
            <WhatsAppCard key={c.id} canal={c} departamentos={departamentos.data} onEdit={() => setEditing(c)} />
          ))}
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-700 dark:text-emerald-400">
            <MessageCircle className="size-6" aria-hidden />
          </span>
          <p className="font-medium">Nenhum número do WhatsApp conectado.</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Tenha em mãos o Phone number ID, o WhatsApp Business Account ID, um token de acesso e a chave secreta do seu app no Meta.
          </p>
          <Button onClick={() => setEditing('novo')}>
            <Plus aria-hidden /> Conectar WhatsApp
          </Button>
        </div>
      )}

      <WapiCard />

      {editing && <WhatsAppFormDialog canal={editing === 'novo' ? null : editing} onClose={() => setEditing(null)} />}
      <IaConfigSection />
      <ChavesErpSection />
    </div>
  );
}
