import { Clock, KeyRound, Loader2, LogOut, ShieldCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LAYOUT_TEXTS } from '@balcao/shared/layout';
import { LICENCA_UI_TEXTS as T } from '@balcao/shared/licenca-cobranca';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { logout } from '@/features/auth/api';

/**
 * Spec part 1 §2 'Licença Expirada': the whole screen for every user of an expired account. The master renews
 * (/licenca opens the payment dialog); the others see what to do and wait: it goes away by itself once renewed.
 */
export function LicencaBloqueio({ master }: { master: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <section
        aria-labelledby="licenca-bloqueio-titulo"
        className="flex w-full max-w-md flex-col items-center gap-5 rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8"
      >
        <Logo />
        <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <KeyRound className="size-7" aria-hidden />
        </span>
        <div className="grid gap-2">
          <h1 id="licenca-bloqueio-titulo" className="text-2xl font-semibold tracking-tight">
            {T.bloqueioTitulo}
          </h1>
          <p className="text-muted-foreground">{T.bloqueioTexto}</p>
        </div>
        {master ? (
          <>
            <Button size="lg" className="w-full" onClick={() => navigate('/licenca?pagar=1')}>
              {T.renovarAgora}
            </Button>
            <ul className="flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-muted-foreground">
              <li className="inline-flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden /> {T.renovacaoRapida}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <ShieldCheck className="size-4" aria-hidden /> {T.garantia}
              </li>
            </ul>
          </>
        ) : (
          <>
            <ol className="grid w-full gap-2 text-left text-sm">
              {T.passos.map((passo, i) => (
                <li key={passo} className="flex gap-3 rounded-lg border bg-background p-3">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                    {i + 1}
                  </span>
                  {passo}
                </li>
              ))}
            </ol>
            <p className="text-sm text-muted-foreground">{T.contato}</p>
            <p role="status" className="inline-flex items-center gap-2 text-sm font-medium">
              <Loader2 className="size-4 animate-spin" aria-hidden /> {T.aguardando}
            </p>
          </>
        )}
        <Button variant="ghost" size="sm" onClick={() => void logout(queryClient, navigate)}>
          <LogOut aria-hidden /> {LAYOUT_TEXTS.logout}
        </Button>
      </section>
    </main>
  );
}
