import { lazy } from 'react';
import { FileAudio } from 'lucide-react';
import { IconDialogButton } from '@/components/ui/icon-dialog-button';
import { BUSCA_AUDIOS_TEXTS as T } from '../texts';

const BuscaAudiosDialog = lazy(() => import('./busca-audios-dialog').then((m) => ({ default: m.BuscaAudiosDialog })));

/** The inbox header's 'Buscar nos áudios': the dialog (and its search) loads when first opened. */
export function BuscaAudiosButton({ onAbrir }: { onAbrir: (atendimentoId: string) => void }) {
  return (
    <IconDialogButton label={T.titulo} icon={FileAudio}>
      {(open, setOpen) => (
        <BuscaAudiosDialog
          open={open}
          onOpenChange={setOpen}
          onAbrir={(id) => {
            setOpen(false);
            onAbrir(id);
          }}
        />
      )}
    </IconDialogButton>
  );
}
