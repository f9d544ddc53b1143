import { useState } from 'react';
import { MonitorSmartphone, XCircle } from 'lucide-react';
import { SINGLE_TAB_TEXTS } from '@balcao/shared/layout';
import { Button } from '@/components/ui/button';

/** When the browser refuses window.close() (a tab the person opened, not a script): say the tab may be closed. */
const FECHAR_ABA_TEXTS = {
  titulo: 'Você pode fechar esta aba',
  linha: 'O navegador não deixou o Balcão fechar esta aba sozinho. Feche-a pelo navegador, ou continue usando o Balcão aqui.',
} as const;

/** Tries to close the tab; true when the browser refused (the tab is still open). */
export function closeTab(w: Pick<Window, 'close' | 'closed'> = window): boolean {
  w.close();
  // A permitted close marks the window closed at once; a refused one leaves it open with only a console warning.
  return !w.closed;
}

/** Shown instead of the app while another tab holds the session. */
export function SingleTabScreen({ onUseHere }: { onUseHere: () => void }) {
  const [recusado, setRecusado] = useState(false);
  const Icone = recusado ? XCircle : MonitorSmartphone;
  return (
    <div
      role="alertdialog"
      aria-labelledby="single-tab-title"
      aria-describedby="single-tab-line"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-background p-6"
    >
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icone className="size-7" aria-hidden />
        </div>
        <h1 id="single-tab-title" className="text-xl font-semibold">
          {recusado ? FECHAR_ABA_TEXTS.titulo : SINGLE_TAB_TEXTS.title}
        </h1>
        <p id="single-tab-line" className="text-sm text-muted-foreground">
          {recusado
            ? FECHAR_ABA_TEXTS.linha
            : 'O Balcão está aberto em outra aba deste navegador. Para não duplicar avisos e mensagens, ele funciona em uma aba por vez.'}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={onUseHere}>{SINGLE_TAB_TEXTS.useHere}</Button>
          {!recusado && (
            <Button variant="outline" onClick={() => setRecusado(closeTab())}>
              {SINGLE_TAB_TEXTS.close}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
