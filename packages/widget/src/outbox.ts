import type { TWidgetMessage } from '@balcao/shared/widget';
import { readJson, type KV } from './storage';
import { T } from './texts';

type Midia = NonNullable<TWidgetMessage['midia']>;
export type OutboxItem = {
  clientId: string;
  conteudo: string;
  /** What the thread shows meanwhile (a local preview, the uploaded file's name and size). */
  midia: Midia | null;
  /** The upload the server recorded: the message names it by this id, never by its URL. */
  uploadId?: string;
  criadaEm: string;
  /** Set when the server refused it: it waits for the visitor's "Tentar novamente". */
  erro?: string;
};
/** retry: the message may not have arrived (offline, ack timeout) and is sent again later, as is. */
export type SendResult = { ok: true; mensagem: TWidgetMessage } | { ok: false; retry: boolean; message?: string };

/**
 * Messages typed but not yet acknowledged, kept in localStorage so a reload or a dropped connection loses
 * none. They go out one at a time in typing order; each keeps its clientId, so the server stores a resend
 * of a message it already has only once.
 */
export class Outbox {
  private running: Promise<void> | null = null;

  constructor(
    private readonly kv: KV,
    private readonly key: string,
    private readonly onChange: () => void = () => {},
  ) {}

  list(): OutboxItem[] {
    const items = readJson<unknown>(this.kv, this.key, []);
    return Array.isArray(items) ? (items as OutboxItem[]).filter((i) => i && typeof i.clientId === 'string') : [];
  }

  private save(items: OutboxItem[]) {
    if (items.length) this.kv.setItem(this.key, JSON.stringify(items));
    else this.kv.removeItem(this.key);
    this.onChange();
  }

  /** False when that clientId is already queued (a double click, or the same item restored twice). */
  add(item: OutboxItem): boolean {
    const items = this.list();
    if (items.some((i) => i.clientId === item.clientId)) return false;
    this.save([...items, item]);
    return true;
  }

  remove(clientId: string) {
    const items = this.list();
    const rest = items.filter((i) => i.clientId !== clientId);
    if (rest.length !== items.length) this.save(rest);
  }

  private patch(clientId: string, erro: string | undefined) {
    this.save(this.list().map((i) => (i.clientId === clientId ? { ...i, erro } : i)));
  }

  retry(clientId: string) {
    this.patch(clientId, undefined);
  }

  clear() {
    this.save([]);
  }

  /** Sends what is waiting, in order; one flush at a time, and a second call joins the running one. */
  flush(send: (item: OutboxItem) => Promise<SendResult>, onSent: (m: TWidgetMessage) => void): Promise<void> {
    this.running ??= this.drain(send, onSent).finally(() => (this.running = null));
    return this.running;
  }

  private async drain(send: (item: OutboxItem) => Promise<SendResult>, onSent: (m: TWidgetMessage) => void) {
    const tried = new Set<string>();
    // Re-read each round: items typed during the flush join the end of this one.
    for (;;) {
      const next = this.list().find((i) => !i.erro && !tried.has(i.clientId));
      if (!next) return;
      tried.add(next.clientId);
      const r = await send(next);
      if (r.ok) {
        this.remove(next.clientId);
        onSent(r.mensagem);
      } else if (r.retry) {
        return; // keep it and everything after it, in order, for the next connection
      } else {
        this.patch(next.clientId, r.message ?? T.falhou);
      }
    }
  }
}
