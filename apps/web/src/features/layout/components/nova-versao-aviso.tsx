import { RefreshCw } from 'lucide-react';
import { NOVA_VERSAO_TEXTS as T } from '@balcao/shared/layout';
import { Button } from '@/components/ui/button';
import { useNovaVersao } from '@/lib/web-build';

/**
 * Top of every signed-in page once the server runs a newer build than this tab (lib/web-build.ts): reloading is
 * the attendant's choice, so that nothing being typed is lost.
 */
export function NovaVersaoAviso() {
  if (!useNovaVersao()) return null;
  return (
    <section
      aria-label={T.aviso}
      className="flex items-center gap-3 border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-900/60 dark:bg-sky-950/40 dark:text-sky-100"
      data-testid="nova-versao"
    >
      <RefreshCw className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1 font-medium">{T.aviso}</span>
      <Button size="sm" className="h-7" onClick={() => window.location.reload()}>
        {T.atualizar}
      </Button>
    </section>
  );
}
