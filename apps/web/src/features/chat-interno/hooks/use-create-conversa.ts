import { useQueryClient } from '@tanstack/react-query';
import { CHAT_INTERNO_SUCESSOS, type TConversa, type TCriarConversaInput } from '@balcao/shared/chat-interno';
import { toast } from '@/lib/toast';
import { createConversa } from '../api';
import { chatKeys } from '../keys';

/** Creates a direct chat or a group, reloads the list and hands the new id on (to open it). Errors are the caller's. */
export function useCreateConversa(onCriada: (conversaId: string) => void) {
  const qc = useQueryClient();
  return async (input: TCriarConversaInput) => {
    const { id } = await createConversa(input);
    // The server reuses the pair's direct chat: only a new conversation is announced as created.
    if (!qc.getQueryData<TConversa[]>(chatKeys.conversas)?.some((c) => c.id === id)) toast.success(CHAT_INTERNO_SUCESSOS.conversaCriada);
    await qc.invalidateQueries({ queryKey: chatKeys.conversas });
    onCriada(id);
  };
}
