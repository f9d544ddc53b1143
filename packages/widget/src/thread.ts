import type { TWidgetMessage } from '@balcao/shared/widget';
import type { OutboxItem } from './outbox';

type Estado = 'enviando' | 'pendente' | 'falhou';
/** A row of the conversation: a stored message, or one of ours still on its way (estado set). */
export type Item = TWidgetMessage & { key: string; estado?: Estado; erro?: string; progresso?: number };

const time = (iso: string) => Date.parse(iso) || 0;

function local(o: OutboxItem, estado: Estado, extra: Partial<Item> = {}): Item {
  return {
    id: '',
    key: `c:${o.clientId}`,
    clientId: o.clientId,
    autor: 'cliente',
    atendenteNome: null,
    tipo: o.midia ? 'document' : 'text',
    conteudo: o.conteudo,
    midia: o.midia,
    criadaEm: o.criadaEm,
    editada: false,
    apagada: false,
    estado,
    erro: o.erro,
    ...extra,
  };
}

/** The visitor's conversation: stored messages deduplicated by id, plus ours still being uploaded or sent. */
export class Thread {
  private stored = new Map<string, TWidgetMessage>();
  private uploads = new Map<string, Item>();

  reset(msgs: TWidgetMessage[] = []) {
    this.stored.clear();
    this.merge(msgs);
  }

  /** Adds or replaces (an edit or a delete arrives as the same id again). */
  merge(msgs: TWidgetMessage[]) {
    for (const m of msgs) {
      this.stored.set(m.id, m);
      if (m.clientId) this.uploads.delete(m.clientId);
    }
  }

  hasId(id: string): boolean {
    return this.stored.has(id);
  }

  has(clientId: string): boolean {
    for (const m of this.stored.values()) if (m.clientId === clientId) return true;
    return false;
  }

  setUpload(o: OutboxItem, progresso: number | null, erro?: string) {
    this.uploads.set(o.clientId, local(o, erro ? 'falhou' : 'enviando', { erro, progresso: progresso ?? undefined }));
  }

  dropUpload(clientId: string) {
    this.uploads.delete(clientId);
  }

  /** Oldest first: stored by time, then ours not yet stored (an echo already stored hides the queued copy). */
  items(outbox: OutboxItem[]): Item[] {
    const stored = [...this.stored.values()].sort((a, b) => time(a.criadaEm) - time(b.criadaEm));
    const ids = new Set(stored.map((m) => m.clientId).filter(Boolean));
    const pending = [
      ...this.uploads.values(),
      ...outbox.filter((o) => !ids.has(o.clientId)).map((o) => local(o, o.erro ? 'falhou' : 'pendente')),
    ].sort((a, b) => time(a.criadaEm) - time(b.criadaEm));
    return [...stored.map((m) => ({ ...m, key: m.id })), ...pending];
  }

  /** Messages from the company (attendant or system) newer than the last one the visitor saw. */
  unreadSince(lastSeen: string | null): number {
    const after = lastSeen ? time(lastSeen) : -Infinity;
    let n = 0;
    for (const m of this.stored.values()) if (m.autor !== 'cliente' && time(m.criadaEm) > after) n++;
    return n;
  }

  newest(): string | null {
    let max: string | null = null;
    for (const m of this.stored.values()) if (!max || time(m.criadaEm) > time(max)) max = m.criadaEm;
    return max;
  }

  get size() {
    return this.stored.size;
  }
}
