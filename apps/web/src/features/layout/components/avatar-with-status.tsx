import type { TCurrentUser } from '@balcao/shared/usuarios';
import { UserAvatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** The user's avatar (solid brand colour: initials keep AA contrast in both themes) with a green (online) or grey (offline) dot. Decorative: the name and status are said elsewhere. */
export function AvatarWithStatus({ user, className }: { user: TCurrentUser; className?: string }) {
  return (
    <span className="relative inline-flex shrink-0" aria-hidden>
      <UserAvatar
        nome={user.nome}
        fotoUrl={user.fotoUrl}
        className={cn('size-8 rounded-lg [&>span]:bg-primary [&>span]:text-primary-foreground', className)}
      />
      <span
        data-online={user.online}
        className={cn(
          'absolute -bottom-0.5 -right-0.5 size-2.5 rounded-full ring-2 ring-sidebar',
          user.online ? 'bg-emerald-500' : 'bg-zinc-400 dark:bg-zinc-500',
        )}
      />
    </span>
  );
}
