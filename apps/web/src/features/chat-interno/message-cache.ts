import type { TMensagem } from '@balcao/shared/chat-interno';
import type { TMensagensData } from './api';

/** A message as the screen holds it: a stored one, or one of ours still on its way (or refused, with a retry). */
export type TMensagemLocal = TMensagem & { envio?: 'pendente' | 'falhou'; erro?: string };

const mesma = (a: TMensagem, b: TMensagem) => a.id === b.id || (a.clientId !== null && a.clientId === b.clientId);

/**
 * Puts a stored message into a loaded history: replaces its copy if one is there, else adds it after the newest
 * (page 1 holds the newest, oldest -> newest). A history not loaded stays unloaded: it will be read whole when opened.
 */
export function insertMensagem(data: TMensagensData | undefined, m: TMensagem): TMensagensData | undefined {
  if (!data || data.pages.length === 0) return data;
  let achou = false;
  const pages = data.pages.map((p) => {
    if (!p.mensagens.some((x) => mesma(x, m))) return p;
    achou = true;
    return { ...p, mensagens: p.mensagens.map((x) => (mesma(x, m) ? m : x)) };
  });
  if (achou) return { ...data, pages };
  const [primeira, ...resto] = data.pages;
  return { ...data, pages: [{ ...primeira!, mensagens: [...primeira!.mensagens, m], totalCount: primeira!.totalCount + 1 }, ...resto] };
}

/**
 * The loaded history oldest -> newest. Later pages are older; pages are read by offset from the newest, so a page
 * read after new messages arrived overlaps the one before it: the overlap is dropped by id, and nothing is skipped.
 */
export function mensagensEmOrdem(data: TMensagensData | undefined): TMensagem[] {
  if (!data) return [];
  const vistos = new Set<string>();
  const out: TMensagem[] = [];
  for (const p of [...data.pages].reverse()) {
    for (const m of p.mensagens) {
      if (vistos.has(m.id)) continue;
      vistos.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/** Stored messages followed by our own still unconfirmed ones (a confirmed one is dropped from the pending list). */
export function withPendentes(salvas: TMensagem[], pendentes: readonly TMensagemLocal[]): TMensagemLocal[] {
  const confirmadas = new Set(salvas.map((m) => m.clientId).filter(Boolean));
  return [...salvas, ...pendentes.filter((p) => !confirmadas.has(p.clientId))];
}
