import { z } from 'zod';
/** The parts of Meta's webhook body (WhatsApp Cloud API, field 'messages') that Balcão reads. */
export type MetaError = { code?: number; title?: string; message?: string; error_data?: { details?: string } };
type MetaMedia = { id?: string; mime_type?: string; caption?: string; filename?: string };
export type MetaMessage = {
  from?: string;
  /** The business-scoped user id (BSUID): alone for a user with a username, whose phone Meta withholds. */
  from_user_id?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  context?: { id?: string; from?: string; forwarded?: boolean };
  text?: { body?: string };
  image?: MetaMedia;
  video?: MetaMedia;
  audio?: MetaMedia;
  document?: MetaMedia;
  sticker?: MetaMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: MetaSharedContact[];
  interactive?: {
    type?: string;
    button_reply?: { title?: string };
    list_reply?: { title?: string; description?: string };
    /** A Flow's answer: its fields as a JSON string. */
    nfm_reply?: { name?: string; body?: string; response_json?: string };
  };
  /** `user_changed_number`: the customer's new wa_id. */
  system?: { type?: string; body?: string; wa_id?: string };
  /** The ad the customer clicked (click-to-WhatsApp). */
  referral?: { source_url?: string; headline?: string; body?: string; source_type?: string };
  /** A group's message (Groups API): never a one-to-one conversation's. */
  group_id?: string;
  button?: { text?: string; payload?: string };
  reaction?: { message_id?: string; emoji?: string };
  edit?: { original_message_id?: string; message?: MetaMessage };
  revoke?: { original_message_id?: string };
  errors?: MetaError[];
};
export type MetaStatus = { id?: string; status?: string; timestamp?: string; errors?: MetaError[] };
export type MetaContact = { wa_id?: string; user_id?: string; profile?: { name?: string; username?: string } };
/** A contact card as Meta sends it (its addresses, URLs and birthday are not kept). */
export type MetaSharedContact = {
  name?: { formatted_name?: string; first_name?: string; last_name?: string };
  phones?: { phone?: string; wa_id?: string; type?: string }[];
  emails?: { email?: string; type?: string }[];
  org?: { company?: string; department?: string; title?: string };
};
type MetaValue = {
  metadata?: { phone_number_id?: string; display_phone_number?: string };
  contacts?: MetaContact[];
  messages?: MetaMessage[];
  statuses?: MetaStatus[];
  errors?: MetaError[];
};
type MetaWebhook = { object?: string; entry?: { changes?: { field?: string; value?: MetaValue }[] }[] };

const str = z.string().optional();
const ZMedia = z.looseObject({ id: str, mime_type: str, caption: str, filename: str });
/** One message as Balcão reads it; other fields pass through (a new kind is not a malformed one). */
const ZMessage = z.looseObject({
  id: z.string(),
  from: str,
  from_user_id: str,
  timestamp: str,
  type: str,
  context: z.looseObject({ id: str }).optional(),
  text: z.looseObject({ body: str }).optional(),
  image: ZMedia.optional(),
  video: ZMedia.optional(),
  audio: ZMedia.optional(),
  document: ZMedia.optional(),
  sticker: ZMedia.optional(),
  reaction: z.looseObject({ message_id: str, emoji: str }).optional(),
});
const ZStatus = z.looseObject({ id: z.string(), status: z.string() });
const ZContact = z.looseObject({ wa_id: str, user_id: str, profile: z.looseObject({ name: str, username: str }).optional() });
/** The envelope: a malformed one fails the whole delivery (there is nothing in it to keep). */
const ZEnvelope = z.looseObject({
  object: str,
  entry: z.array(
    z.looseObject({
      changes: z
        .array(
          z.looseObject({
            field: str,
            value: z
              .looseObject({
                metadata: z.looseObject({ phone_number_id: str }).optional(),
                contacts: z.array(ZContact).optional(),
                messages: z.array(z.unknown()).optional(),
                statuses: z.array(z.unknown()).optional(),
                errors: z.array(z.unknown()).optional(),
              })
              .optional(),
          }),
        )
        .optional(),
    }),
  ),
});

/** Zod's first issue as one short line (where and what), for the delivery's stored reason. */
const reasonOf = (e: z.ZodError, where: string) => {
  const issue = e.issues[0];
  const path = [where, ...(issue?.path ?? [])].filter((p) => p !== '').join('.');
  return `${path || 'corpo'}: ${issue?.message ?? 'inválido'}`;
};

/**
 * A delivery parsed: its body with only the well-formed events, why each other one was left out, and the
 * numbers it is for (metadata.phone_number_id).
 */
export type ParsedDelivery = { ok: true; body: MetaWebhook; falhas: string[]; numeros: Set<string> } | { ok: false; erro: string };

/**
 * Meta's body checked before anything reads it: a malformed envelope fails the delivery alone; a malformed
 * message or status is left out with its reason and the others go on (each event in its own guard).
 */
export function parseDelivery(corpo: string): ParsedDelivery {
  let json: unknown;
  try {
    json = JSON.parse(corpo);
  } catch {
    return { ok: false, erro: 'corpo: não é JSON' };
  }
  const env = ZEnvelope.safeParse(json);
  if (!env.success) return { ok: false, erro: reasonOf(env.error, '') };
  const falhas: string[] = [];
  const numeros = new Set<string>();
  const keep = <T>(items: unknown[] | undefined, schema: z.ZodType<T>, where: string): T[] | undefined =>
    items?.flatMap((item, i) => {
      const r = schema.safeParse(item);
      if (r.success) return [r.data];
      falhas.push(reasonOf(r.error, `${where}.${i}`));
      return [];
    });
  for (const entry of env.data.entry)
    for (const change of entry.changes ?? []) {
      const v = change.value;
      if (!v) continue;
      if (v.metadata?.phone_number_id) numeros.add(v.metadata.phone_number_id);
      v.messages = keep(v.messages, ZMessage, 'messages');
      v.statuses = keep(v.statuses, ZStatus, 'statuses');
    }
  return { ok: true, body: env.data as MetaWebhook, falhas, numeros };
}

/** A customer's name in a delivery: the profile name, else the username, per phone id and per BSUID. */
export function contactNames(contacts: MetaContact[] | undefined): (m: MetaMessage) => string | null {
  const names = new Map<string, string | null>();
  for (const c of contacts ?? []) {
    const nome = c.profile?.name || c.profile?.username || null;
    if (c.wa_id) names.set(c.wa_id, nome);
    if (c.user_id) names.set(`#${c.user_id}`, nome);
  }
  const first = [...names.values()][0] ?? null;
  return (m) => names.get(m.from ?? '') ?? names.get(`#${m.from_user_id ?? ''}`) ?? first;
}

/** A Flow's fields as lines `campo: valor` (its token left out: it is Balcão's, not the customer's), or its body. */
export function flowAnswer(reply: { body?: string; response_json?: string } | undefined): string {
  try {
    const fields = JSON.parse(reply?.response_json ?? '') as Record<string, unknown>;
    const lines = Object.entries(fields)
      .filter(([k]) => k !== 'flow_token')
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    if (lines.length) return lines.join('\n');
  } catch {
    // Not JSON: the body Meta shows is all there is.
  }
  return reply?.body ?? '';
}
