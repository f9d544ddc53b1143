import { T, UNREAD_CAP } from './texts';

export const formatUnread = (n: number) => (n > UNREAD_CAP ? `${UNREAD_CAP}+` : String(n));

const inteiro = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const umaCasa = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** Sizes as a Brazilian reads them: '1.023 KB', '1,5 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${inteiro.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${inteiro.format(Math.round(bytes / 1024))} KB`;
  return `${umaCasa.format(bytes / 1024 / 1024)} MB`;
}

// Times in the visitor's own time zone: the browser's, which is what a site visitor expects.
const hora = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
const data = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
export const formatTime = (iso: string) => hora.format(new Date(iso));

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
export function dayLabel(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (dayKey(d) === dayKey(now)) return T.hoje;
  const ontem = new Date(now);
  ontem.setDate(now.getDate() - 1);
  return dayKey(d) === dayKey(ontem) ? T.ontem : data.format(d);
}
export const sameDay = (a: string, b: string) => dayKey(new Date(a)) === dayKey(new Date(b));

/** Resolves a server URL against the chat host and refuses anything but http(s)/blob (no `javascript:` links). */
export function safeUrl(url: string | null | undefined, base: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, base);
    return ['http:', 'https:', 'blob:'].includes(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

export type Segment = { text: string; href?: string };
const URL_RE = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Splits text into plain runs and links so links can be made clickable without ever parsing HTML. */
export function linkSegments(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    // Trailing punctuation usually ends the sentence, not the address.
    const href = m[0].replace(/[.,;:!?)\]]+$/, '');
    const start = m.index ?? 0;
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
