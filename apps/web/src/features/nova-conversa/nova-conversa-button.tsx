import { MessageSquarePlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { NOVA_CONVERSA_TEXTS as T } from '@balcao/shared/nova-conversa';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

const NovaConversaDialog = lazy(() => import('./nova-conversa-dialog').then((m) => ({ default: m.NovaConversaDialog })));

/** The inbox header's 'Nova conversa' button; the dialog loads when first opened. */
export function NovaConversaButton({ onAberta }: { onAberta: (atendimentoId: string, nova: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const [usado, setUsado] = useState(false);
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={T.titulo}
            onClick={() => {
              setUsado(true);
              setOpen(true);
            }}
          >
            <MessageSquarePlus aria-hidden />
          </Button>
        </TooltipTrigger>
        <TooltipContent>{T.titulo}</TooltipContent>
      </Tooltip>
      {usado && (
        <Suspense fallback={null}>
          <NovaConversaDialog open={open} onOpenChange={setOpen} onAberta={onAberta} />
        </Suspense>
      )}
    </>
  );
}
