import { MessageSquarePlus } from 'lucide-react';
import { lazy } from 'react';
import { NOVA_CONVERSA_TEXTS as T } from '@balcao/shared/nova-conversa';
import { IconDialogButton } from '@/components/ui/icon-dialog-button';

const NovaConversaDialog = lazy(() => import('./nova-conversa-dialog').then((m) => ({ default: m.NovaConversaDialog })));

/** The inbox header's 'Nova conversa' button; the dialog loads when first opened. */
export function NovaConversaButton({ onAberta }: { onAberta: (atendimentoId: string, nova: boolean) => void }) {
  return (
    <IconDialogButton label={T.titulo} icon={MessageSquarePlus}>
      {(open, setOpen) => <NovaConversaDialog open={open} onOpenChange={setOpen} onAberta={onAberta} />}
    </IconDialogButton>
  );
}
