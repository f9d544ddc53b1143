import { MonitorSmartphone } from 'lucide-react';
import { SINGLE_TAB_TEXTS } from '@balcao/shared/layout';
import { Button } from '@/components/ui/button';

/** Shown instead of the app while another tab holds the session. */
export function SingleTabScreen({ onUseHere }: { onUseHere: () => void }) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="single-tab-title"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-background p-6"
    >
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MonitorSmartphone className="size-7" aria-hidden />
        </div>
        <h1 id="single-tab-title" className="text-xl font-semibold">
          {SINGLE_TAB_TEXTS.title}
        </h1>
        <p className="text-sm text-muted-foreground">
          O Balcão está aberto em outra aba deste navegador. Para não duplicar avisos e mensagens, ele funciona em uma aba por vez.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={onUseHere}>{SINGLE_TAB_TEXTS.useHere}</Button>
          <Button variant="outline" onClick={() => window.close()}>
            {SINGLE_TAB_TEXTS.close}
          </Button>
        </div>
      </div>
    </div>
  );
}
