import { PauseCircle, Plug, WifiOff, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CONNECTION_MODAL_LOGIN_GRACE_MS, INTEGRACOES_PATH, INTEGRACOES_STORAGE, INTEGRACOES_TEXTS as T } from '@balcao/shared/integracoes';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { useCanUseFeatures, useConnectionStatus, useIntegracoesPoll } from '../api';
import {
  bannerState,
  dismissUntil,
  estadoWhatsApp,
  readEpoch,
  remindLaterUntil,
  resetModalMarks,
  shouldShowModal,
} from '../connection-state';

const isMaster = (user: TCurrentUser) => user.role === 'master';

/** Re-renders at `until` (a dismissal or remind-later ending), so what was hidden comes back by itself. */
function useNowUntil(until: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const wait = until - Date.now();
    if (wait <= 0) return;
    const id = window.setTimeout(() => setNow(Date.now()), wait + 50);
    return () => window.clearTimeout(id);
  }, [until]);
  return Math.max(now, Date.now());
}

/** A value kept in local storage (epoch ms), followed across tabs. */
function useStoredEpoch(key: string) {
  const [value, setValue] = useState(() => readEpoch(localStorage, key));
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) setValue(readEpoch(localStorage, key));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);
  const set = useCallback(
    (v: number | null) => {
      if (v === null) localStorage.removeItem(key);
      else localStorage.setItem(key, String(v));
      setValue(v);
    },
    [key],
  );
  return [value, set] as const;
}

/** The master's WhatsApp connection banner and modal (spec part 1 §2, §4); nothing for other roles. */
export function WhatsAppConnection({ user }: { user: TCurrentUser }) {
  if (!isMaster(user)) return null;
  return (
    <>
      <ConnectionBanner />
      <ConnectionModal />
    </>
  );
}

function ConnectionBanner() {
  const { pathname } = useLocation();
  const poll = useIntegracoesPoll(true);
  const [dismissedUntil, setDismissedUntil] = useStoredEpoch(INTEGRACOES_STORAGE.bannerDismissedUntil);
  const now = useNowUntil(dismissedUntil);
  // Nothing until the first answer (or failure): a page load never flashes 'Offline' for a connected number.
  if (poll.isPending) return null;
  const state = bannerState({
    isMaster: true,
    pathname,
    dismissedUntil,
    now,
    whatsapp: poll.isError || !poll.data ? null : estadoWhatsApp(poll.data),
  });
  if (state === 'none') return null;
  const offline = state === 'whatsapp_disconnected';
  const Icon = offline ? WifiOff : PauseCircle;
  return (
    <section
      aria-label={offline ? T.offline : T.pausado}
      className={cn(
        'flex items-center gap-3 border-b px-4 py-2 text-sm',
        offline
          ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100'
          : 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100',
      )}
      data-testid="whatsapp-banner"
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1 font-medium">{offline ? T.offline : T.pausado}</span>
      <Link to={INTEGRACOES_PATH} className={cn(buttonVariants({ size: 'sm' }), 'h-7')}>
        {offline ? T.conectar : T.ativar}
      </Link>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 text-current hover:bg-black/5 dark:hover:bg-white/10"
        aria-label={T.fecharBanner}
        title={T.fecharBanner}
        onClick={() => setDismissedUntil(dismissUntil(Date.now()))}
      >
        <X aria-hidden />
      </Button>
    </section>
  );
}

function ConnectionModal() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const status = useConnectionStatus(true);
  const licenca = useCanUseFeatures(true);
  const [closedAt, setClosedAt] = useStoredEpoch(INTEGRACOES_STORAGE.modalClosedAt);
  const [remindUntil, setRemindUntil] = useStoredEpoch(INTEGRACOES_STORAGE.modalRemindUntil);
  const loggedInAt = readEpoch(localStorage, INTEGRACOES_STORAGE.loggedInAt);
  const graceEnds = loggedInAt === null ? null : loggedInAt + CONNECTION_MODAL_LOGIN_GRACE_MS;
  const now = useNowUntil(Math.max(remindUntil ?? 0, graceEnds ?? 0) || null);
  // A failed status read counts as not connected (spec part 1 §4), like the banner's poll.
  const isConnected = status.isPending ? null : status.isError ? false : estadoWhatsApp(status.data).conectado;

  // Spec part 1 §4: 'It resets once connected'.
  useEffect(() => {
    if (isConnected) {
      resetModalMarks(localStorage);
      setClosedAt(null);
      setRemindUntil(null);
    }
  }, [isConnected, setClosedAt, setRemindUntil]);

  const open = shouldShowModal({
    isMaster: true,
    pathname,
    now,
    isConnected,
    canUseFeatures: licenca.data?.canUseFeatures ?? false,
    closedAt,
    remindUntil,
    loggedInAt,
  });
  const close = () => setClosedAt(Date.now());

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-700 dark:text-emerald-400">
            <Plug className="size-5" aria-hidden />
          </span>
          <DialogTitle>{T.modalTitulo}</DialogTitle>
          <DialogDescription>{T.modalTexto}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setRemindUntil(remindLaterUntil(Date.now()))}>
            {T.modalLembrar}
          </Button>
          <Button
            onClick={() => {
              close();
              navigate(INTEGRACOES_PATH);
            }}
          >
            {T.modalConectar}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
