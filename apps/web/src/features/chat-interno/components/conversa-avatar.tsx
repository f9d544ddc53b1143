import { Users } from 'lucide-react';
import { tituloConversa, type TConversa } from '@balcao/shared/chat-interno';
import { Avatar, AvatarFallback, AvatarImage, UserAvatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** Spec part 2 §2: a photo, or initials (direct chat), or a group icon. */
export function ConversaAvatar({ conversa, className }: { conversa: TConversa; className?: string }) {
  if (!conversa.ehGrupo) return <UserAvatar nome={tituloConversa(conversa)} fotoUrl={conversa.fotoUrl} className={className} />;
  return (
    <Avatar className={className}>
      {conversa.fotoUrl ? <AvatarImage src={conversa.fotoUrl} alt="" /> : null}
      <AvatarFallback className="bg-secondary text-secondary-foreground">
        <Users className={cn('size-1/2')} aria-hidden />
      </AvatarFallback>
    </Avatar>
  );
}
