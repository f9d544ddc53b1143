import { Avatar as AvatarPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn, initials } from '@/lib/utils';

export function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return <AvatarPrimitive.Root className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)} {...props} />;
}
export function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return <AvatarPrimitive.Image className={cn('aspect-square size-full object-cover', className)} {...props} />;
}
export function AvatarFallback({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      className={cn('flex size-full items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary', className)}
      {...props}
    />
  );
}
/** A person's photo, or their initials. */
export function UserAvatar({ nome, fotoUrl, className }: { nome: string; fotoUrl?: string | null; className?: string }) {
  return (
    <Avatar className={className}>
      {fotoUrl ? <AvatarImage src={fotoUrl} alt="" /> : null}
      <AvatarFallback aria-label={nome}>{initials(nome)}</AvatarFallback>
    </Avatar>
  );
}
