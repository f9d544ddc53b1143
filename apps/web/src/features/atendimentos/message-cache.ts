import type { InfiniteData } from '@tanstack/react-query';
import type { TMensagem, TMensagensPage, TModeloEscolhido } from '@balcao/shared/atendimentos';
import type { TStatusUpdate } from '@balcao/shared/atendimentos/realtime';

/**
 * A message on screen: the server's, or our optimistic one still being sent or refused (with the approved
 * template it carries, so 'Tentar novamente' sends the template again, not its text).
 */
export type TMensagemLocal = TMensagem & { envio?: 'pendente' | 'falhou'; erro?: string; modelo?: TModeloEscolhido };
export type TPaginaMensagens = Omit<TMensagensPage, 'mensagens'> & { mensagens: TMensagemLocal[] };
/** pages[0] is the newest page; each further page is older ('Carregar mensagens anteriores'). */
export type TMensagensData = InfiniteData<TPaginaMensagens, string | null>;

const mesma = (a: TMensagemLocal, b: Pick<TMensagem, 'id' | 'clientId'>) =>
  a.id === b.id || (Boolean(b.clientId) && a.clientId === b.clientId);

function mapear(data: TMensagensData, fn: (m: TMensagemLocal) => TMensagemLocal): TMensagensData {
  return { ...data, pages: data.pages.map((p) => ({ ...p, mensagens: p.mensagens.map(fn) })) };
}

/** Oldest to newest for display. */
export const todasMensagens = (data: TMensagensData | undefined): TMensagemLocal[] =>
  data ? [...data.pages].reverse().flatMap((p) => p.mensagens) : [];

/**
 * A message from the server (ack, realtime or edit/delete) or an optimistic one: replaces the message
 * with the same id or clientId wherever it is, else joins the newest page in time order.
 */
export function upsertMensagem(data: TMensagensData, m: TMensagemLocal, forcarStatus = false): TMensagensData {
  const existe = data.pages.some((p) => p.mensagens.some((x) => mesma(x, m)));
  if (existe) return mapear(data, (x) => (mesma(x, m) ? comStatusMaisNovo(x, m, forcarStatus) : x));
  const [first, ...rest] = data.pages;
  if (!first) return { ...data, pages: [{ mensagens: [m], hasMore: false, cursor: null }], pageParams: [null] };
  const mensagens = [...first.mensagens];
  let at = mensagens.length;
  while (at > 0 && mensagens[at - 1]!.criadaEm > m.criadaEm) at--;
  mensagens.splice(at, 0, m);
  return { ...data, pages: [{ ...first, mensagens }, ...rest] };
}

/** A send's life on a provider: it only moves forward (read implies delivered, which implies sent). */
const ORDEM = { pending: 0, sent: 1, delivered: 2, read: 3 } as const;
type TStatus = TMensagem['status'];

/**
 * The status a stored message keeps when another copy of it arrives: the ack of a WhatsApp send (stored as
 * 'pending') may land after the status event that says Meta took it, and must not turn the tick back into a
 * clock; a late 'pending' does not hide a failure either. A resend ('Reenviar') forces the server's answer.
 */
export function statusApos(antes: TStatus, depois: TStatus): TStatus {
  if (antes !== 'failed' && depois !== 'failed') return ORDEM[depois] >= ORDEM[antes] ? depois : antes;
  if (antes === 'failed' && depois === 'pending') return antes;
  return depois;
}

function comStatusMaisNovo(x: TMensagemLocal, m: TMensagemLocal, forcar: boolean): TMensagemLocal {
  if (forcar) return m;
  const status = statusApos(x.status, m.status);
  return status === m.status ? m : { ...m, status, erroEnvio: x.erroEnvio };
}

export function withStatus(data: TMensagensData, u: Pick<TStatusUpdate, 'messageId' | 'clientId' | 'status'>): TMensagensData {
  return mapear(data, (x) => (x.id === u.messageId || (u.clientId && x.clientId === u.clientId) ? { ...x, status: u.status } : x));
}

export function withEnvio(data: TMensagensData, clientId: string, envio: TMensagemLocal['envio'], erro?: string): TMensagensData {
  return mapear(data, (x) => (x.clientId === clientId ? { ...x, envio, erro } : x));
}

/**
 * After a reconnect the newest page is fetched again: its messages replace ours; local messages not
 * yet stored stay. When the fetched page shares nothing with what we hold, too much was missed to
 * stitch: it becomes the only page (older ones load again on demand).
 */
export function mergeNewestPage(data: TMensagensData | undefined, page: TMensagensPage): TMensagensData {
  const fresh: TMensagensData = { pages: [page], pageParams: [null] };
  if (!data) return fresh;
  const ids = new Set(page.mensagens.map((m) => m.id));
  const held = todasMensagens(data);
  const overlaps = held.some((m) => ids.has(m.id)) || held.every((m) => m.envio);
  const locais = held.filter((m) => m.envio && !page.mensagens.some((p) => mesma(p, m)));
  let base: TMensagensData = overlaps ? data : fresh;
  for (const m of page.mensagens) base = upsertMensagem(base, m);
  if (!overlaps) for (const m of locais) base = upsertMensagem(base, m);
  return base;
}
