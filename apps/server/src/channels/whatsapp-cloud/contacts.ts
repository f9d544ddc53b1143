import type { TContato } from '@balcao/shared/atendimentos';
import type { NewMessage } from '../../modules/atendimentos/service';
import type { MetaSharedContact } from './meta';
import { contatosMessage } from '../whatsapp-common';

/** A card without any name (Meta requires formatted_name, but a sender may leave it out). */
const SEM_NOME = 'Contato';

const filled = (s: string | undefined) => (s?.trim() ? s.trim() : null);

/** One of Meta's cards as Balcão keeps it: every phone, e-mail and the organisation, each in its own field. */
function contato(c: MetaSharedContact): TContato {
  const org = c.org && { empresa: filled(c.org.company), departamento: filled(c.org.department), cargo: filled(c.org.title) };
  return {
    nome: filled(c.name?.formatted_name) ?? filled([c.name?.first_name, c.name?.last_name].filter(Boolean).join(' ')) ?? SEM_NOME,
    telefones: (c.phones ?? []).flatMap((p) => {
      const numero = filled(p.phone) ?? filled(p.wa_id);
      return numero ? [{ numero, tipo: filled(p.type) }] : [];
    }),
    emails: (c.emails ?? []).flatMap((e) => {
      const email = filled(e.email);
      return email ? [{ email, tipo: filled(e.type) }] : [];
    }),
    organizacao: org && (org.empresa || org.departamento || org.cargo) ? org : null,
  };
}

/** Shared contacts: Meta's cards as Balcão keeps them (whatsapp-common.ts). */
export function contactsMessage(cards: MetaSharedContact[]): NewMessage {
  return contatosMessage(cards.map(contato));
}
