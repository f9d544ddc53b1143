import { z } from 'zod';
import type { AppContext } from '../../context';
import type { TEventoInvalido, TInboundEvent } from '../../modules/atendimentos/ingest/events';
import { type IngestSource, ingest } from '../../modules/atendimentos/ingest/ingest';

/**
 * The smallest inbound driver: its wire format is a JSON array of entries, its parser turns them into
 * InboundEvents and it hands them to the one way in. What a new channel writes for its inbound side, and the
 * contract suite's reference (channels/contract/inbound.contract.test.ts).
 */
const ZEntrada = z.discriminatedUnion('t', [
  z.object({ t: z.literal('texto'), de: z.string(), id: z.string(), texto: z.string() }),
  z.object({ t: z.literal('editar'), de: z.string(), alvo: z.string(), texto: z.string() }),
  z.object({ t: z.literal('apagar'), de: z.string(), alvo: z.string() }),
  z.object({ t: z.literal('reagir'), de: z.string(), id: z.string(), alvo: z.string(), emoji: z.string() }),
  z.object({ t: z.literal('status'), id: z.string(), status: z.enum(['sent', 'delivered', 'read', 'failed']) }),
]);

/** Pure: every entry an event, a malformed one an invalid event with its reason. */
export function parseMinimal(body: string): (TInboundEvent | TEventoInvalido)[] {
  const entries: unknown[] = JSON.parse(body);
  return entries.map((raw, i): TInboundEvent | TEventoInvalido => {
    const r = ZEntrada.safeParse(raw);
    if (!r.success) return { kind: 'invalid', motivo: `entrada ${i}: ${r.error.issues[0]?.message}` };
    const e = r.data;
    switch (e.t) {
      case 'texto':
        return { kind: 'message', de: { telefone: e.de }, externalId: e.id, conteudo: { tipo: 'texto', texto: e.texto } };
      case 'editar':
        return { kind: 'edit', de: { telefone: e.de }, alvo: e.alvo, conteudo: e.texto };
      case 'apagar':
        return { kind: 'revoke', de: { telefone: e.de }, alvo: e.alvo };
      case 'reagir':
        return e.emoji
          ? { kind: 'reaction', de: { telefone: e.de }, externalId: e.id, alvo: e.alvo, emoji: e.emoji }
          : { kind: 'reaction-removed', de: { telefone: e.de }, alvo: e.alvo };
      default:
        return { kind: 'status', externalId: e.id, status: e.status };
    }
  });
}

/** A delivery of the minimal driver: parsed, then ingested on `canal`. */
export function receiveMinimal(ctx: AppContext, canal: IngestSource['canal'], body: string) {
  const source: IngestSource = { canal, origem: () => 'widget', departamentoId: null };
  return ingest(
    ctx,
    parseMinimal(body).map((event) => ({ source, event })),
  );
}
