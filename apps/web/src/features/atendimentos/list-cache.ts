import type { InfiniteData } from '@tanstack/react-query';
import type { TAtendimento, TConversasPage, TMensagem, TStatusAtendimento } from '@balcao/shared/atendimentos';
import type { TCurrentUser } from '@balcao/shared/usuarios';

export type TFiltroConversas = {
  status: TStatusAtendimento;
  busca: string;
  departamentoId: string | null;
  /** Only the conversations carrying this label (`?etiquetaId=`). */
  etiquetaId?: string | null;
};
export type TConversasData = InfiniteData<TConversasPage, string | null>;
export type TContagens = TConversasPage['contagens'];

/** Newest activity first, as the server orders the list. */
const ordemDe = (a: Pick<TAtendimento, 'ultimaMensagemEm' | 'inicio'>) => a.ultimaMensagemEm ?? a.inicio;

/** Whether the row belongs to a list with this search, department and label, whatever its tab. */
export function matchesFiltro(row: TAtendimento, f: Omit<TFiltroConversas, 'status'>): boolean {
  if (f.departamentoId && row.departamentoId !== f.departamentoId) return false;
  if (f.etiquetaId && !row.etiquetaIds?.includes(f.etiquetaId)) return false;
  const busca = f.busca.trim().toLowerCase();
  if (!busca) return true;
  const digits = busca.replace(/\D/g, '');
  return (
    row.clienteNome.toLowerCase().includes(busca) ||
    row.numero.toLowerCase().includes(busca) ||
    (digits.length > 0 && row.numero.replace(/\D/g, '').includes(digits))
  );
}

/** The contract's visibility rule: admin/master see all; an atendente his queue, unassigned ones and his own. */
export function canSee(row: TAtendimento, user: Pick<TCurrentUser, 'id' | 'role' | 'departamentoId'>): boolean {
  if (user.role === 'master' || user.role === 'admin') return true;
  if (user.role !== 'atendente') return false;
  if (row.atendenteId === user.id) return true;
  return row.status === 'aguardando' && (!row.departamentoId || row.departamentoId === user.departamentoId);
}

/** Only the open tabs have a count (the server's `contagens`). */
const contado = (s: TStatusAtendimento | null): s is keyof TContagens => s === 'aguardando' || s === 'em_atendimento';

export function adjustContagens(c: TContagens, antes: TStatusAtendimento | null, depois: TStatusAtendimento | null): TContagens {
  if (antes === depois) return c;
  const next = { ...c };
  if (contado(antes)) next[antes] = Math.max(0, next[antes] - 1);
  if (contado(depois)) next[depois] += 1;
  return next;
}

export function findConversa(data: TConversasData | undefined, id: string): TAtendimento | undefined {
  for (const p of data?.pages ?? []) for (const r of p.itens) if (r.atendimentoId === id) return r;
  return undefined;
}

/** Whether a row is shown in a list: its tab, its search and department, and the role rule (`visivel`). */
export const belongsToLista = (row: TAtendimento, filtro: TFiltroConversas, visivel: boolean) =>
  visivel && row.status === filtro.status && matchesFiltro(row, filtro);

/** Newest activity first, as the server orders a list. */
export const maisRecentePrimeiro = (a: TAtendimento, b: TAtendimento) => (ordemDe(b) < ordemDe(a) ? -1 : ordemDe(b) > ordemDe(a) ? 1 : 0);

/**
 * ChatListAtendimento (and our own actions) on one cached list: the row is removed from a list it no
 * longer belongs to and put in sorted place in the one it does; the tab counts move with it.
 * `antes` is the status the row had before (null when new to this client), `visivel` the role rule.
 */
export function upsertConversa(
  data: TConversasData,
  row: TAtendimento,
  filtro: TFiltroConversas,
  antes: TStatusAtendimento | null,
  visivel: boolean,
): TConversasData {
  const noFiltro = matchesFiltro(row, filtro);
  const pertence = belongsToLista(row, filtro, visivel);
  let pages = data.pages.map((p) => ({ ...p, itens: p.itens.filter((r) => r.atendimentoId !== row.atendimentoId) }));
  if (pertence) pages = inserirOrdenado(pages, row);
  const first = pages[0];
  if (first && noFiltro) pages[0] = { ...first, contagens: adjustContagens(first.contagens, antes, visivel ? row.status : null) };
  return { ...data, pages };
}

function inserirOrdenado(pages: TConversasPage[], row: TAtendimento): TConversasPage[] {
  const key = ordemDe(row);
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    const at = page.itens.findIndex((r) => ordemDe(r) < key);
    if (at >= 0) {
      pages[i] = { ...page, itens: [...page.itens.slice(0, at), row, ...page.itens.slice(at)] };
      return pages;
    }
  }
  // Older than everything loaded: it belongs at the end only when no further page exists to hold it.
  const last = pages[pages.length - 1];
  if (last && !last.proximoCursor) pages[pages.length - 1] = { ...last, itens: [...last.itens, row] };
  return pages;
}

/** What a new message changes in its row: the preview, its time (so its place) and the unread count. */
export type TPrevia = Pick<TAtendimento, 'ultimaMensagem' | 'ultimaMensagemTipo' | 'ultimaMensagemEm' | 'mensagensNaoLidas'>;

/**
 * A deleted message's preview is the newest message that remains (`restante`, as the server keeps it), at the
 * deleted one's time: the conversation keeps its place in the list.
 */
export const previaDaMensagem = (m: TMensagem, naoLidas: number, restante?: TMensagem | null): TPrevia => {
  const mostrada = m.apagada ? restante : m;
  return {
    ultimaMensagem: mostrada?.conteudo || null,
    ultimaMensagemTipo: mostrada?.tipo ?? null,
    ultimaMensagemEm: m.criadaEm,
    mensagensNaoLidas: naoLidas,
  };
};

export const previaDe = (r: TPrevia): TPrevia => ({
  ultimaMensagem: r.ultimaMensagem,
  ultimaMensagemTipo: r.ultimaMensagemTipo,
  ultimaMensagemEm: r.ultimaMensagemEm,
  mensagensNaoLidas: r.mensagensNaoLidas,
});

/** A customer's new message opens the channel's reply window again, for its length from that message. */
function janelaApos(janela: TAtendimento['janela'], m: TMensagem): TAtendimento['janela'] {
  if (!janela || m.autor !== 'cliente' || m.editada || m.apagada) return janela;
  const fechaEm = new Date(new Date(m.criadaEm).getTime() + janela.duracaoMs).toISOString();
  return janela.fechaEm && janela.fechaEm >= fechaEm ? janela : { ...janela, fechaEm };
}

/** A new message changes a row's preview, its time (so its place) and, from the customer, its unread count. */
export function withUltimaMensagem(
  row: TAtendimento,
  m: TMensagem,
  naoLidas: number | undefined,
  aberto: boolean,
  restante?: TMensagem | null,
): TAtendimento {
  if (row.ultimaMensagemEm && m.criadaEm < row.ultimaMensagemEm) return row; // an older message edited: no new activity
  if (m.interna) return row; // a private note is not the conversation's activity (the server keeps its preview too)
  const unread = aberto ? 0 : (naoLidas ?? (m.autor === 'cliente' ? row.mensagensNaoLidas + 1 : row.mensagensNaoLidas));
  return { ...row, ...previaDaMensagem(m, unread, restante), janela: janelaApos(row.janela, m) };
}

/** Marks a row read everywhere it is cached (the badge drops at once; POST .../lidas confirms). */
export function withoutNaoLidas(data: TConversasData, id: string): TConversasData {
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, itens: p.itens.map((r) => (r.atendimentoId === id ? { ...r, mensagensNaoLidas: 0 } : r)) })),
  };
}
