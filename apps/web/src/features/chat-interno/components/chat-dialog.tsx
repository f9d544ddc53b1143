import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  textos: { titulo: string; descricao: string; cancelar: string };
  /** The confirm reads its busy label while working ('Criando...'). */
  confirmar: { rotulo: string; rotuloOcupado: string; ocupado: boolean; desabilitado?: boolean; onClick: () => void };
  className?: string;
  children: ReactNode;
};

/** The frame shared by 'Nova Conversa', 'Criar Novo Grupo' and 'Adicionar Participantes'. */
export function ChatDialog({ open, onOpenChange, textos, confirmar, className, children }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={cn('sm:max-w-md', className)}>
        <DialogHeader>
          <DialogTitle>{textos.titulo}</DialogTitle>
          <DialogDescription>{textos.descricao}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={confirmar.ocupado}>
            {textos.cancelar}
          </Button>
          <Button onClick={confirmar.onClick} disabled={confirmar.ocupado || confirmar.desabilitado}>
            {confirmar.ocupado ? confirmar.rotuloOcupado : confirmar.rotulo}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
