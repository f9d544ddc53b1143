import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FINISH_TEXTS } from '../texts';

/** Finalizar asks once: the customer is sent the rating link and the conversation closes. */
export function FinishDialog({
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>{FINISH_TEXTS.titulo}</DialogTitle>
          <DialogDescription>{FINISH_TEXTS.descricao}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {FINISH_TEXTS.cancelar}
          </Button>
          <Button onClick={onConfirm} disabled={pending} autoFocus>
            {pending ? FINISH_TEXTS.finalizando : FINISH_TEXTS.confirmar}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
