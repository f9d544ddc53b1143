import type { ReactNode } from 'react';
import type { TCurrentUser } from '@balcao/shared/usuarios';

/** Minimal shell; the side panel, dock and user menu are built in this folder. */
export function AppShell({ user, children }: { user: TCurrentUser; children: ReactNode }) {
  return (
    <div className="min-h-dvh" data-user={user.id}>
      <main>{children}</main>
    </div>
  );
}
