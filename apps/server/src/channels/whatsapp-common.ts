import { and, eq, inArray, or } from 'drizzle-orm';
import type { TContato } from '@balcao/shared/atendimentos';
import { atendimentos, type MensagemRow, mensagens } from '../db/schema/atendimentos';
import { atendimentoEvents, type AppContext } from '../context';
import type { Db } from '../lib/db';
import { presentAtendimento } from '../modules/atendimentos/presenter';
import type { TAudiencia } from '../modules/atendimentos/publisher';
import { findAtendimento } from '../modules/atendimentos/queries';
import type { NewMessage } from '../modules/atendimentos/service';

/** What both WhatsApp providers store alike: a shared location, a customer's reaction removed. */
const mapLink = (lat: number, lng: number) => `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;

/** A shared location: its name and address (when given) and a map link, plus the coordinates. */
export function locationMessage(latitude: unknown, longitude: unknown, name?: string | null, address?: string | null): NewMessage {
  const lat = Number(latitude);
  const lng = Number(longitude);
  const nome = [name, address].filter(Boolean).join(' — ') || null;
  return {
    tipo: 'location',
    conteudo: [nome, mapLink(lat, lng)].filter(Boolean).join('\n'),
    localizacao: { latitude: lat, longitude: lng, nome },
  };
}

/**
 * Shared contacts: the cards in `contatos`, and a line of text per card ('👤 Name: phones') for what reads
 * only text (the conversation list's preview, notifications, an export).
 */
export function contatosMessage(contatos: TContato[]): NewMessage {
  const conteudo = contatos
    .map((c) => `👤 ${c.nome}${c.telefones.length ? `: ${c.telefones.map((t) => t.numero).join(', ')}` : ''}`)
    .join('\n');
  return { tipo: 'text', conteudo, contatos };
}

/**
 * The customer's reaction to a message removed (or replaced by a new one): marked deleted in every
 * conversation of that customer on the channel. `alvo` is the provider's id of the reacted message;
 * `targetId` ours, when we hold it. Answers what changed, for the screens.
 */
export function removeCustomerReaction(
  db: Db,
  r: { accountId: string; canalId: string; clienteId: string; alvo: string; targetId: string | null },
) {
  const mine = db
    .select({ id: atendimentos.id })
    .from(atendimentos)
    .where(and(eq(atendimentos.clienteId, r.clienteId), eq(atendimentos.canalId, r.canalId)));
  return db
    .update(mensagens)
    .set({ apagada: true })
    .where(
      and(
        eq(mensagens.accountId, r.accountId),
        inArray(mensagens.atendimentoId, mine),
        eq(mensagens.autor, 'cliente'),
        eq(mensagens.tipo, 'reaction'),
        eq(mensagens.apagada, false),
        r.targetId ? or(eq(mensagens.reagindoA, r.targetId), eq(mensagens.alvoExterno, r.alvo)) : eq(mensagens.alvoExterno, r.alvo),
      ),
    )
    .returning({ id: mensagens.id, atendimentoId: mensagens.atendimentoId });
}

/**
 * A message's new delivery status told to the attendants who see its conversation (ReceiveMessageStatusUpdate);
 * `audiencia` when the caller read it with the message (else it is read here).
 */
export async function announceStatus(
  ctx: AppContext,
  m: Pick<MensagemRow, 'id' | 'accountId' | 'atendimentoId' | 'clientId' | 'status'>,
  audiencia?: TAudiencia,
) {
  const row = audiencia ?? (await findAtendimento(ctx.db, m.accountId, m.atendimentoId).then((j) => j && presentAtendimento(j)));
  if (!row) return;
  atendimentoEvents(ctx).status(m.accountId, row, {
    atendimentoId: m.atendimentoId,
    messageId: m.id,
    clientId: m.clientId,
    status: m.status,
  });
}
