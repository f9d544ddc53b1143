import type { TContato } from '@balcao/shared/atendimentos';
import type { MensagemRow } from '../db/schema/atendimentos';
import { atendimentoEvents, type AppContext } from '../context';
import { presentAtendimento } from '../modules/atendimentos/presenter';
import type { TAudiencia } from '../modules/atendimentos/publisher';
import { findAtendimento } from '../modules/atendimentos/queries';
import type { NewMessage } from '../modules/atendimentos/service';

/** What both WhatsApp providers read alike: a shared location. */
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
