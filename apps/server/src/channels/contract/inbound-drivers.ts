import { asc, eq } from 'drizzle-orm';
import { proto, type WAMessage } from 'baileys';
import { atendimentos, canais, mensagens, type WidgetCanalRow } from '../../db/schema/atendimentos';
import { withTransaction } from '../../lib/db';
import { storeOutbound } from '../../modules/atendimentos/service';
import { makeCanal } from '../../test/atendimentos-fixtures';
import { receiveMinimal } from '../../test/drivers/minimal-inbound';
import { login, makeAccount } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { pairAccount } from '../../test/wapi-kit';
import type { FakeWhatsAppWeb } from '../../test/fake-whatsapp-web';
import { newWhatsAppChannel } from '../../test/whatsapp-channel';
import { wapiOf, whatsappOf } from '../registry';
import { storeEvent } from '../whatsapp-cloud/webhook';
import { visitorSend } from '../widget/send';
import { findCanalByToken, startSession } from '../widget/service';

/** The two customers of every scenario. */
type Who = 'a' | 'b';
const PHONES: Record<Who, string> = { a: '5511911110001', b: '5511911110002' };
type Texto = { who: Who; id: string; texto: string };

/**
 * One driver as the contract suite drives it: its own wire format in, through its own entry point (a stored
 * webhook delivery, a socket event, a visitor's send). What a driver has no way to receive is left out.
 */
export type Driven = {
  canalId: string;
  accountId: string;
  /** Customer texts in one delivery (one socket event), with a malformed one where 'malformado' is. */
  texts(items: (Texto | 'malformado')[]): Promise<void>;
  edit?(who: Who, alvo: string, texto: string): Promise<void>;
  revoke?(who: Who, alvo: string): Promise<void>;
  /** An empty emoji removes the customer's reaction. */
  react?(who: Who, id: string, alvo: string, emoji: string): Promise<void>;
  status?(id: string, status: 'delivered' | 'read'): Promise<void>;
  /** Whether a failed event is counted on the channel's card (a widget visitor is answered with the error instead). */
  countsFailures: boolean;
  /** The `canal` label of its messages' metrics: its channel type ('outro' for a source that names none). */
  rotulo: string;
};

/** An attendant's answer the provider knows by `externalId`, in customer a's conversation. */
export async function businessMessage(t: TestApp, d: Driven, externalId: string) {
  const [first] = await t.ctx.db.select().from(mensagens).where(eq(mensagens.accountId, d.accountId)).orderBy(asc(mensagens.seq)).limit(1);
  const [a] = await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.id, first!.atendimentoId));
  await withTransaction(t.ctx.db, (tx) =>
    storeOutbound(tx, {
      accountId: d.accountId,
      clienteId: a!.clienteId,
      canalId: d.canalId,
      atendenteId: null,
      clienteEscreveuEm: null,
      mensagem: { tipo: 'text', conteudo: 'resposta', externalId, status: 'sent' },
    }),
  );
}

export async function failuresOf(t: TestApp, canalId: string) {
  const [c] = await t.ctx.db.select({ n: canais.entregasComFalha }).from(canais).where(eq(canais.id, canalId));
  return c!.n;
}

/** WhatsApp Cloud API: signed deliveries as Meta sends them, stored and processed. */
export async function cloudDriver(t: TestApp): Promise<Driven> {
  const { acc, canal, pnid } = await newWhatsAppChannel(t);
  const target = { id: canal.id, accountId: acc.account.id };
  let n = 0;
  const deliver = async (value: object) => {
    n += 1;
    const body = {
      object: 'whatsapp_business_account',
      entry: [{ id: `e${n}`, changes: [{ field: 'messages', value: { metadata: { phone_number_id: pnid }, ...value } }] }],
    };
    const row = await storeEvent(t.ctx.db, target, Buffer.from(JSON.stringify(body)));
    whatsappOf(t.ctx).processor.take(row ? [row] : []);
    await whatsappOf(t.ctx).idle();
  };
  const ts = () => String(Math.floor(Date.now() / 1000));
  const from = (who: Who) => ({ from: PHONES[who], timestamp: ts() });
  return {
    canalId: canal.id,
    accountId: acc.account.id,
    countsFailures: true,
    rotulo: 'whatsapp',
    texts: (items) =>
      deliver({
        messages: items.map((i) =>
          i === 'malformado'
            ? { from: PHONES.a, type: 'text', text: { body: 'sem id' } }
            : { ...from(i.who), id: i.id, type: 'text', text: { body: i.texto } },
        ),
      }),
    edit: (who, alvo, texto) =>
      deliver({
        messages: [
          {
            ...from(who),
            id: `edit.${alvo}.${texto}`,
            type: 'edit',
            edit: { original_message_id: alvo, message: { type: 'text', text: { body: texto } } },
          },
        ],
      }),
    revoke: (who, alvo) =>
      deliver({ messages: [{ ...from(who), id: `revoke.${alvo}`, type: 'revoke', revoke: { original_message_id: alvo } }] }),
    react: (who, id, alvo, emoji) => deliver({ messages: [{ ...from(who), id, type: 'reaction', reaction: { message_id: alvo, emoji } }] }),
    status: (id, status) => deliver({ statuses: [{ id, status, timestamp: ts(), recipient_id: PHONES.a }] }),
  };
}

/** WhatsApp Web: socket events as Baileys emits them. */
export async function webDriver(h: { t: TestApp; wa: FakeWhatsAppWeb }): Promise<Driven> {
  const p = await pairAccount(h);
  const idle = () => wapiOf(h.t.ctx).idle();
  const jid = (who: Who) => `${PHONES[who]}@s.whatsapp.net`;
  const text = (i: Texto) =>
    proto.WebMessageInfo.fromObject({
      key: { remoteJid: jid(i.who), fromMe: false, id: i.id },
      message: { conversation: i.texto },
      messageTimestamp: Math.floor(Date.now() / 1000),
      pushName: `Cliente ${i.who}`,
    }) as WAMessage;
  // A time that is no time: the event is malformed (its message is never stored).
  const malformed = () => Object.assign(text({ who: 'a', id: 'malformado', texto: 'sem hora' }), { messageTimestamp: 'nunca' as never });
  const update = async (arg: Parameters<typeof p.open.emit<'messages.update'>>[1]) => {
    p.open.emit('messages.update', arg);
    await idle();
  };
  return {
    canalId: p.canalId,
    accountId: p.acc.account.id,
    countsFailures: true,
    rotulo: 'wapi',
    texts: async (items) => {
      p.open.emit('messages.upsert', { type: 'notify', messages: items.map((i) => (i === 'malformado' ? malformed() : text(i))) });
      await idle();
    },
    edit: (who, alvo, texto) =>
      update([
        {
          key: { remoteJid: jid(who), id: alvo, fromMe: false },
          update: { message: { editedMessage: { message: { conversation: texto } } } },
        },
      ]),
    revoke: (who, alvo) => update([{ key: { remoteJid: jid(who), id: alvo, fromMe: false }, update: { messageStubType: 1 } }]),
    react: async (who, id, alvo, emoji) => {
      p.open.emit('messages.reaction', [
        {
          key: { remoteJid: jid(who), id: alvo, fromMe: false },
          reaction: { key: { remoteJid: jid(who), id, fromMe: false }, text: emoji },
        },
      ]);
      await idle();
    },
    status: (id, status) => update([{ key: { remoteJid: jid('a'), id, fromMe: true }, update: { status: status === 'read' ? 4 : 3 } }]),
  };
}

/** The website widget: each customer a visitor, sending through the widget's own entry (its socket's handler). */
export async function widgetDriver(t: TestApp): Promise<Driven> {
  const acc = await makeAccount(t.ctx.db);
  const master = await login(t.app, acc.master.email);
  const made = await makeCanal(t, master.auth);
  const canal = await findCanalByToken(t.ctx.db, made.token!);
  const visitors = {
    a: (await startSession(t.ctx.db, t.ctx.cipher, canal, {})).visitante,
    b: (await startSession(t.ctx.db, t.ctx.cipher, canal, {})).visitante,
  };
  return {
    canalId: canal.id,
    accountId: acc.account.id,
    countsFailures: false,
    rotulo: 'widget',
    texts: async (items) => {
      for (const i of items)
        if (i === 'malformado')
          await visitorSend(t.ctx, canal, visitors.a, { clientId: 'widget-malformado', conteudo: 42 }).catch(() => undefined);
        else await visitorSend(t.ctx, canal, visitors[i.who], { clientId: `widget-${i.id}`, conteudo: i.texto });
    },
  };
}

/** The minimal test driver (test/drivers/minimal-inbound.ts), on a channel row of its own. */
export async function minimalDriver(t: TestApp): Promise<Driven> {
  const acc = await makeAccount(t.ctx.db);
  const master = await login(t.app, acc.master.email);
  const canal: Pick<WidgetCanalRow, 'id' | 'accountId'> = { id: (await makeCanal(t, master.auth)).id, accountId: acc.account.id };
  const send = async (entries: object[]) => {
    await receiveMinimal(t.ctx, canal, JSON.stringify(entries));
  };
  return {
    canalId: canal.id,
    accountId: acc.account.id,
    countsFailures: true,
    rotulo: 'outro',
    texts: (items) =>
      send(
        items.map((i) => (i === 'malformado' ? { t: 'texto', de: PHONES.a } : { t: 'texto', de: PHONES[i.who], id: i.id, texto: i.texto })),
      ),
    edit: (who, alvo, texto) => send([{ t: 'editar', de: PHONES[who], alvo, texto }]),
    revoke: (who, alvo) => send([{ t: 'apagar', de: PHONES[who], alvo }]),
    react: (who, id, alvo, emoji) => send([{ t: 'reagir', de: PHONES[who], id, alvo, emoji }]),
    status: (id, status) => send([{ t: 'status', id, status }]),
  };
}
