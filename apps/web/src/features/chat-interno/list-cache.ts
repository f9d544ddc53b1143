import { previaMensagem, type TConversa, type TMensagem } from '@balcao/shared/chat-interno';

/**
 * Spec part 2 §4: a new message moves its conversation to the top with its preview; the unread count rises unless
 * the viewer wrote it or has that conversation open. Null when the conversation is not listed (the list is reloaded).
 */
export function applyMensagem(lista: readonly TConversa[], m: TMensagem, opts: { meuId: string; aberta: boolean }): TConversa[] | null {
  const atual = lista.find((c) => c.id === m.conversaId);
  if (!atual) return null;
  const conta = m.remetenteId !== opts.meuId && !opts.aberta;
  const nova: TConversa = {
    ...atual,
    ultimaMensagem: previaMensagem(m),
    dataHoraUltimaMensagem: m.dataEnvio,
    ultimaMensagemRemetenteId: m.remetenteId,
    ultimaMensagemOrigemTipo: m.origemTipo,
    qtdMensagensNaoVistas: opts.aberta ? 0 : atual.qtdMensagensNaoVistas + (conta ? 1 : 0),
  };
  return [nova, ...lista.filter((c) => c.id !== m.conversaId)];
}

/** Spec part 2 §4: selecting a conversation (or reading it while open) sets its unread count to 0. */
export function clearNaoVistas(lista: readonly TConversa[] | undefined, conversaId: string): TConversa[] | undefined {
  if (!lista?.some((c) => c.id === conversaId && c.qtdMensagensNaoVistas > 0)) return lista as TConversa[] | undefined;
  return lista.map((c) => (c.id === conversaId ? { ...c, qtdMensagensNaoVistas: 0 } : c));
}
