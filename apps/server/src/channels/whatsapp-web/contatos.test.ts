import { proto, type WAMessage } from 'baileys';
import { describe, expect, it } from 'vitest';
import type { TConversasPage, TMensagensPage } from '@balcao/shared/atendimentos';
import { DB_KINDS } from '../../test/harness';
import { CUSTOMER_JID, pairAccount, wapiTestApp } from '../../test/wapi-kit';
import { wapiOf } from '../registry';
import { parseVCard } from './vcard';

/** A card as the WhatsApp phone app writes it: a folded line, grouped properties, WhatsApp's waid, escapes. */
const VCARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Souza;Maria;;;',
  'FN:Maria Souza',
  'ORG:Padaria Pão\\, Leite e Cia;Vendas',
  'TITLE:Gerente',
  'item1.TEL;type=CELL;waid=5511912345678:+55 11 91234-5678',
  'item1.X-ABLabel:Celular',
  'TEL;type=WORK;type=VOICE:+55 11 3333-4444',
  'EMAIL;type=INTERNET;type=WORK:maria@padaria.com.br',
  'NOTE:cliente desde 2019 e com uma nota bem longa que o',
  '  telefone dobrou em duas linhas',
  'END:VCARD',
].join('\r\n');

const MARIA = {
  nome: 'Maria Souza',
  telefones: [
    { numero: '+55 11 91234-5678', tipo: 'CELL' },
    { numero: '+55 11 3333-4444', tipo: 'WORK' },
  ],
  emails: [{ email: 'maria@padaria.com.br', tipo: 'WORK' }],
  organizacao: { empresa: 'Padaria Pão, Leite e Cia', departamento: 'Vendas', cargo: 'Gerente' },
};

describe('vCard from WhatsApp Web', () => {
  it('keeps every phone, e-mail and the organisation in their own fields', () => {
    expect(parseVCard(VCARD)).toEqual(MARIA);
  });

  it('falls back on N, then the display name; a number only in waid is kept; vCard 2.1 bare types', () => {
    expect(parseVCard('BEGIN:VCARD\nN:Lima;João\nTEL;CELL:11999990000\nEND:VCARD').nome).toBe('João Lima');
    expect(parseVCard('BEGIN:VCARD\nTEL;CELL:11999990000\nEND:VCARD').telefones).toEqual([{ numero: '11999990000', tipo: 'CELL' }]);
    expect(parseVCard('BEGIN:VCARD\nTEL;waid=5511988887777:\nEND:VCARD', 'Zé')).toEqual({
      nome: 'Zé',
      telefones: [{ numero: '5511988887777', tipo: null }],
      emails: [],
      organizacao: null,
    });
    expect(parseVCard('', null).nome).toBe('Contato');
  });
});

describe.each(DB_KINDS)('WhatsApp Web contacts on %s', (kind) => {
  const h = wapiTestApp(kind);

  const received = (id: string, message: proto.IMessage) =>
    proto.WebMessageInfo.fromObject({
      key: { remoteJid: CUSTOMER_JID, fromMe: false, id },
      message,
      messageTimestamp: Math.floor(Date.now() / 1000),
      pushName: 'Cliente',
    }) as WAMessage;

  it('a contact and a list of contacts arrive as the same structured cards as the Cloud API’s, with a text line for previews', async () => {
    const p = await pairAccount(h);
    p.open.emit('messages.upsert', {
      type: 'notify',
      messages: [
        received('VC-1', { contactMessage: { displayName: 'Maria Souza', vcard: VCARD } }),
        received('VC-2', {
          contactsArrayMessage: {
            displayName: '2 contatos',
            contacts: [
              { displayName: 'Maria Souza', vcard: VCARD },
              { displayName: 'Zé', vcard: 'BEGIN:VCARD\nVERSION:3.0\nTEL;type=CELL;waid=5511988880000:+55 11 98888-0000\nEND:VCARD' },
            ],
          },
        }),
      ],
    });
    await wapiOf(h.t.ctx).idle();
    const get = <T>(url: string) => h.t.app.inject({ method: 'GET', url, headers: p.master.auth }).then((r) => r.json() as T);
    const [c] = (await get<TConversasPage>('/backend/api/atendimento/conversas?status=aguardando')).itens;
    const ms = (await get<TMensagensPage>(`/backend/api/atendimento/${c!.atendimentoId}/mensagens`)).mensagens;
    expect(ms.map((m) => [m.tipo, m.conteudo])).toEqual([
      ['text', '👤 Maria Souza: +55 11 91234-5678, +55 11 3333-4444'],
      ['text', '👤 Maria Souza: +55 11 91234-5678, +55 11 3333-4444\n👤 Zé: +55 11 98888-0000'],
    ]);
    expect(ms[0]!.contatos).toEqual([MARIA]);
    expect(ms[1]!.contatos).toEqual([
      MARIA,
      { nome: 'Zé', telefones: [{ numero: '+55 11 98888-0000', tipo: 'CELL' }], emails: [], organizacao: null },
    ]);
  });
});
