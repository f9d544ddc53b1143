/**
 * Most events (messages and statuses) one stored delivery holds. Meta batches up to a few hundred; a bigger
 * body (25,000 messages in 2.7 MB) processed whole held the embedded database's one thread for seconds and
 * slowed every other account: it is stored as several deliveries of this size instead, in order.
 */
export const MAX_EVENTOS_POR_ENTREGA = 100;

/** Most events of plain messages stored in one statement (a run of deliveries: processor.ts). */
export const MAX_EVENTOS_POR_LOTE = 500;

type Loose = Record<string, unknown>;
const list = (v: unknown): Loose[] => (Array.isArray(v) ? (v as Loose[]) : []);

/**
 * How many events a raw body holds, counted without parsing it: each message and each status carries one
 * `"timestamp"` key (a key can only match outside a string: inside one its quotes are escaped).
 */
export function eventsIn(corpo: string): number {
  let n = 0;
  for (let i = corpo.indexOf('"timestamp"'); i >= 0; i = corpo.indexOf('"timestamp"', i + 11)) n++;
  return n;
}

/** A change's value holding only `messages` and `statuses` (and the contacts that name those messages' senders). */
function part(value: Loose, messages: Loose[], statuses: Loose[]): Loose {
  const senders = new Set<unknown>(messages.flatMap((m) => [m.from, m.from_user_id]).filter((s) => typeof s === 'string'));
  const contacts = list(value.contacts);
  const named =
    contacts.length > MAX_EVENTOS_POR_ENTREGA ? contacts.filter((c) => senders.has(c.wa_id) || senders.has(c.user_id)) : contacts;
  const out: Loose = { ...value, messages, statuses };
  if (!messages.length) delete out.messages;
  if (!statuses.length) delete out.statuses;
  if (contacts.length) out.contacts = named;
  return out;
}

/**
 * A delivery over MAX_EVENTOS_POR_ENTREGA events as several bodies of at most that many, in Meta's order
 * (each keeps its entry, change field and metadata, so each is routed and checked like the whole). The same
 * body always splits the same way: a retry from Meta is recognised part by part (webhook.ts stores each once).
 * Null when the body is not one to split (not JSON, or small): it is stored as it came.
 */
export function splitDelivery(corpo: string, max = MAX_EVENTOS_POR_ENTREGA): string[] | null {
  if (eventsIn(corpo) <= max) return null;
  let body: Loose;
  try {
    body = JSON.parse(corpo) as Loose;
  } catch {
    return null;
  }
  if (!Array.isArray(body.entry)) return null;
  const parts: string[] = [];
  for (const entry of list(body.entry))
    for (const change of list(entry.changes)) {
      const value = (change.value ?? {}) as Loose;
      const events = [...list(value.messages).map((m) => ['m', m] as const), ...list(value.statuses).map((s) => ['s', s] as const)];
      // A change without events (errors only, or another field) goes on its own.
      const chunks = events.length ? Math.ceil(events.length / max) : 1;
      for (let c = 0; c < chunks; c++) {
        const slice = events.slice(c * max, (c + 1) * max);
        const messages = slice.flatMap(([k, e]) => (k === 'm' ? [e] : []));
        const statuses = slice.flatMap(([k, e]) => (k === 's' ? [e] : []));
        const v = events.length ? part(value, messages, statuses) : value;
        parts.push(JSON.stringify({ ...body, entry: [{ ...entry, changes: [{ ...change, value: v }] }] }));
      }
    }
  return parts.length ? parts : null;
}
