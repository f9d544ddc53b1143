import type { TMensagemRapida } from '@balcao/shared/mensagens-rapidas';

/** Most entries the '/' list shows at once (it scrolls within 300 px, spec part 2 §9). */
const MAX_ITENS = 50;
const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The '/' token under the caret (from a line start or a space to the caret): its start and the query after '/'. */
export function tokenBarra(texto: string, caret: number): { inicio: number; consulta: string } | null {
  const antes = texto.slice(0, caret);
  const m = /(^|\s)\/([^\s/]*)$/.exec(antes);
  if (!m) return null;
  return { inicio: antes.length - m[2]!.length - 1, consulta: m[2]! };
}

/** Shortcuts starting with the query first, then any whose shortcut, title or text contains it; accents ignored. */
export function filterRapidas(lista: TMensagemRapida[], consulta: string): TMensagemRapida[] {
  const q = norm(consulta);
  if (!q) return lista.slice(0, MAX_ITENS);
  const comeca = lista.filter((m) => norm(m.atalho).startsWith(q));
  const contem = lista.filter((m) => !comeca.includes(m) && norm(`${m.atalho} ${m.titulo} ${m.conteudo}`).includes(q));
  return [...comeca, ...contem].slice(0, MAX_ITENS);
}
