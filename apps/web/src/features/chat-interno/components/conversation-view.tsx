import { useState } from 'react';
import { MessageSquareText, SearchX } from 'lucide-react';
import { CHAT_INTERNO_INLINE } from '@balcao/shared/chat-interno';
import type { TConversa } from '@balcao/shared/chat-interno';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { cn } from '@/lib/utils';
import { PAINEL_TEXTS } from '../launcher-texts';
import { CONVERSA_TEXTS as T } from '../texts';
import { AddParticipantsDialog } from './add-participants-dialog';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { MessageList } from './message-list';
import { ParticipantsDialog } from './participants-dialog';

type Props = {
  conversaId: string | null;
  conversa: TConversa | undefined;
  listaCarregada: boolean;
  user: TCurrentUser;
  /** Phones: back to the list (the two steps of the full-screen panel). */
  onVoltar?: () => void;
  /** Left the group: the list reloads and the selection clears (spec §4). */
  onSaiu: () => void;
  className?: string;
};

/** Spec part 2 §2 "Conversation view": header, messages, composer; the group's participants modals. */
export function ConversationView({ conversaId, conversa, listaCarregada, user, onVoltar, onSaiu, className }: Props) {
  const [modal, setModal] = useState<'participantes' | 'adicionar' | null>(null);
  if (!conversaId) {
    return (
      <div className={cn('flex flex-col items-center justify-center', className)}>
        <EmptyState icon={MessageSquareText} title={T.nenhumaSelecionada} line={T.nenhumaSelecionadaLinha} />
      </div>
    );
  }
  if (!conversa) {
    // Gone from the list (removed from the group, or a stale link): say so rather than show an empty chat.
    return (
      <div className={cn('flex flex-col items-center justify-center', className)}>
        {listaCarregada && (
          <EmptyState
            icon={SearchX}
            title={CHAT_INTERNO_INLINE.conversaNaoEncontrada}
            action={
              onVoltar && (
                <Button variant="outline" size="sm" onClick={onVoltar}>
                  {PAINEL_TEXTS.voltar}
                </Button>
              )
            }
          />
        )}
      </div>
    );
  }
  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <ConversationHeader conversa={conversa} onVoltar={onVoltar} onVerGrupo={() => setModal('participantes')} />
      <MessageList conversaId={conversa.id} ehGrupo={conversa.ehGrupo} user={user} />
      <Composer key={conversa.id} conversaId={conversa.id} user={user} />
      {conversa.ehGrupo && (
        <>
          <ParticipantsDialog
            open={modal === 'participantes'}
            onOpenChange={(v) => setModal(v ? 'participantes' : null)}
            conversa={conversa}
            user={user}
            onAdicionar={() => setModal('adicionar')}
            onSaiu={() => {
              setModal(null);
              onSaiu();
            }}
          />
          <AddParticipantsDialog
            open={modal === 'adicionar'}
            onOpenChange={(v) => setModal(v ? 'adicionar' : 'participantes')}
            conversa={conversa}
            user={user}
          />
        </>
      )}
    </div>
  );
}
