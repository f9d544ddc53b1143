import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { observavel } from '@/lib/observavel';
import { PersonalDashboardDialog } from './personal-dashboard-dialog';

// Its own chunk: the profile dialog (upload, forms) is only fetched when someone opens it.
const ProfileDialog = lazy(() => import('@/features/profile/components/profile-dialog').then((m) => ({ default: m.ProfileDialog })));

type TUserDialog = 'profile' | 'dashboard' | null;

const aberto = observavel<TUserDialog>(null);

/** Opens a dialog of the user menu (or closes it, with null). */
export const openUserDialog = aberto.set;

/**
 * The user menu's dialogs, drawn once by the shell and not by the menu: the menu lives in the side panel or the
 * dock, which a phone and a desktop draw differently, and a dialog drawn there closed when the window was resized.
 */
export function UserDialogs({ nome }: { nome: string }) {
  const dialog = useSyncExternalStore(aberto.subscribe, aberto.get);
  // Fetched once it is first opened, then kept (its closing animation plays).
  const [profileWanted, setProfileWanted] = useState(false);
  if (dialog === 'profile' && !profileWanted) setProfileWanted(true);
  // Signing out unmounts the shell: the next sign-in in this tab starts with nothing open.
  useEffect(() => () => openUserDialog(null), []);
  const close = (open: boolean) => {
    if (!open) openUserDialog(null);
  };
  return (
    <>
      <PersonalDashboardDialog nome={nome} open={dialog === 'dashboard'} onOpenChange={close} />
      {profileWanted && (
        <Suspense fallback={null}>
          <ProfileDialog open={dialog === 'profile'} onOpenChange={close} />
        </Suspense>
      )}
    </>
  );
}
