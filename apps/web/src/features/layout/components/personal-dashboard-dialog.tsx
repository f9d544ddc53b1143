import { Construction } from 'lucide-react';
import { LAYOUT_TEXTS } from '@balcao/shared/layout';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** 'Meu Dashboard' (spec part 1 §2). The metrics and the table come with a later issue. */
export function PersonalDashboardDialog({ nome, open, onOpenChange }: { nome: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{LAYOUT_TEXTS.dashboardTitlePrefix + nome}</DialogTitle>
          <DialogDescription>Seus números de atendimento no período escolhido.</DialogDescription>
        </DialogHeader>
        <p className="flex items-center gap-2 rounded-md border border-dashed p-6 text-sm text-muted-foreground">
          <Construction className="size-4 shrink-0" aria-hidden /> Em construção
        </p>
      </DialogContent>
    </Dialog>
  );
}
