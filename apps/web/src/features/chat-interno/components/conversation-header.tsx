import { ArrowLeft, EllipsisVertical, Users } from 'lucide-react';
import type { TConversa } from '@balcao/shared/chat-interno';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { countParticipantes } from '../format';
import { PAINEL_TEXTS } from '../launcher-texts';
import { CONVERSA_TEXTS as T } from '../texts';
import { ConversaAvatar } from './conversa-avatar';
import { GroupName } from './group-name-editor';

type Props = { conversa: TConversa; onVoltar?: () => void; onVerGrupo: () => void };

/** Spec part 2 §2: photo, title, 'N participante(s)' and, for groups, the admin count; inline rename; 'Ver grupo'. */
export function ConversationHeader({ conversa, onVoltar, onVerGrupo }: Props) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b px-3">
      {onVoltar && (
        <Button
          variant="ghost"
          size="icon"
          className="-ml-1 size-8"
          onClick={onVoltar}
          aria-label={PAINEL_TEXTS.voltar}
          title={PAINEL_TEXTS.voltar}
        >
          <ArrowLeft />
        </Button>
      )}
      <ConversaAvatar conversa={conversa} className="size-9" />
      <div className="flex min-w-0 flex-1 flex-col">
        <GroupName conversa={conversa} souAdmin={conversa.souAdmin} className="text-sm" />
        <p className="truncate text-xs text-muted-foreground">
          {T.participantes(countParticipantes(conversa))}
          {conversa.ehGrupo && ` · ${T.admins(conversa.adminsNomes.length)}`}
        </p>
      </div>
      {conversa.ehGrupo && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8" aria-label={T.opcoes} title={T.opcoes}>
              <EllipsisVertical />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={onVerGrupo}>
              <Users />
              {T.verGrupo}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </header>
  );
}
