import { UserAvatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** Spec part 1 §2: the photo preview comes in three sizes; the initials (the fallback span) scale with it. */
const SIZES = {
  sm: 'size-8 [&>span]:text-xs',
  md: 'size-12 [&>span]:text-base',
  lg: 'size-24 [&>span]:text-3xl',
} as const;
export type ProfilePhotoSize = keyof typeof SIZES;

export function ProfilePhoto({
  nome,
  fotoUrl,
  size = 'md',
  className,
}: {
  nome: string;
  fotoUrl?: string | null;
  size?: ProfilePhotoSize;
  className?: string;
}) {
  return <UserAvatar nome={nome} fotoUrl={fotoUrl} className={cn(SIZES[size], className)} />;
}
