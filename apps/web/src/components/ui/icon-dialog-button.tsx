import { Suspense, useState, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/**
 * A header's icon button (tooltip and accessible name from `label`) that opens a dialog. The dialog is mounted
 * only once first opened, so a lazy dialog's code loads then (`children` gets the open state and its setter).
 */
export function IconDialogButton({
  label,
  icon: Icon,
  children,
}: {
  label: string;
  icon: LucideIcon;
  children: (open: boolean, setOpen: (open: boolean) => void) => ReactNode;
}) {
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
            aria-label={label}
            onClick={() => {
              setUsado(true);
              setOpen(true);
            }}
          >
            <Icon aria-hidden />
          </Button>
        </TooltipTrigger>
        <TooltipContent>{label}</TooltipContent>
      </Tooltip>
      {usado && <Suspense fallback={null}>{children(open, setOpen)}</Suspense>}
    </>
  );
}
