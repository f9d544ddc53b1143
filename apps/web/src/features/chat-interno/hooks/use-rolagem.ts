import { useLayoutEffect, useRef } from 'react';
import { FIM_DA_LISTA_PX } from '../ui-constants';

const estaNoFim = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight < FIM_DA_LISTA_PX;

/**
 * Scrolling of a message list: starts at the newest, follows new messages while the reader is at the end (or the
 * message is ours), and keeps the reader's place when older messages are put above.
 */
export function useRolagem(chave: { primeiroId: string | null; ultimoId: string | null; total: number; ultimaMinha: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const antes = useRef({ altura: 0, topo: 0, primeiroId: null as string | null, ultimoId: null as string | null, noFim: true });

  // biome-ignore lint/correctness/useExhaustiveDependencies: total is a trigger too: a list that changed in the middle is measured again
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const a = antes.current;
    if (chave.primeiroId !== a.primeiroId && a.primeiroId !== null && chave.ultimoId === a.ultimoId) {
      // Older messages came in above: keep what the reader was looking at where it was.
      el.scrollTop = a.topo + (el.scrollHeight - a.altura);
    } else if (a.ultimoId === null || (chave.ultimoId !== a.ultimoId && (a.noFim || chave.ultimaMinha))) {
      el.scrollTop = el.scrollHeight;
    }
    antes.current = {
      altura: el.scrollHeight,
      topo: el.scrollTop,
      primeiroId: chave.primeiroId,
      ultimoId: chave.ultimoId,
      noFim: estaNoFim(el),
    };
  }, [chave.primeiroId, chave.ultimoId, chave.total, chave.ultimaMinha]);

  const onScroll = () => {
    const el = ref.current;
    if (el) antes.current = { ...antes.current, altura: el.scrollHeight, topo: el.scrollTop, noFim: estaNoFim(el) };
  };
  /** A picture or video finished loading and grew the list: stay at the end if we were there. */
  const onMidia = () => {
    const el = ref.current;
    if (el && antes.current.noFim) el.scrollTop = el.scrollHeight;
  };
  return { ref, onScroll, onMidia };
}
