import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asCanal, atendimentos, canais, clientes, mensagens, type WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { whatsappEventos } from '../../db/schema/whatsapp';
import { waVector } from '../../test/fake-graph';
import { whilePublishing } from '../../test/publisher-spy';
import { DB_KINDS } from '../../test/harness';
import { newWhatsAppChannel, whatsappTestApp } from '../../test/whatsapp-channel';
import { mergeClientes } from '../../modules/clientes/merge';
import { whatsappOf } from '../registry';
import { type Db, rawRows, withTransaction } from '../../lib/db';
import { markProcessed } from './deliveries';
import { storeEvent } from './webhook';

type Vec = {
  entry: {
    changes: {
      value: {
        metadata: { phone_number_id: string };
        contacts: { wa_id: string; profile?: { name: string } }[];
        messages: Record<string, unknown>[];
      };
    }[];
  }[];
};
/** The number of the channel the test made last (newChannel): each account has its own. */
let numero = '';
/** Meta's text vector from another customer, with its own wamid, text and time (and a name, or none). */
function text(from: string, wamid: string, body: string, at: number, name: string | null) {
  const v = waVector<Vec>('incoming_text.json');
  const value = v.entry[0]!.changes[0]!.value;
  value.metadata.phone_number_id = numero;
  value.contacts = [{ wa_id: from, ...(name ? { profile: { name } } : {}) }];
  value.messages = [{ from, id: wamid, timestamp: String(at), type: 'text', text: { body } }];
  return Buffer.from(JSON.stringify(v));
}

describe.each(DB_KINDS)('WhatsApp deliveries stored and processed together on %s', (kind) => {
  const app = whatsappTestApp(kind);

  /** A WhatsApp channel on a new account, made by its master. */
  async function newChannel() {
    const { acc, canal, pnid } = await newWhatsAppChannel(app.t);
    numero = pnid;
    return { id: canal.id, accountId: acc.account.id };
  }

  it('stores equal bodies once and distinct ones each, when they arrive at the same moment', async () => {
    const canal = await newChannel();
    await whatsappOf(app.t.ctx).idle();
    const now = Math.floor(Date.now() / 1000);
    const a = text('5511900000001', 'wamid.lote-a1', 'primeira', now - 30, 'Ana');
    const b = text('5511900000002', 'wamid.lote-b1', 'de outro cliente', now - 20, 'Bruno');
    const stored = await Promise.all([
      storeEvent(app.t.ctx.db, canal, a),
      storeEvent(app.t.ctx.db, canal, b),
      storeEvent(app.t.ctx.db, canal, a),
    ]);
    expect(stored.filter(Boolean)).toHaveLength(2);
    expect(stored[0] !== stored[2]).toBe(true);

    // More deliveries, one of them a plain text repeating a stored wamid, then one pass processes them all.
    const more = [
      await storeEvent(app.t.ctx.db, canal, text('5511900000001', 'wamid.lote-a2', 'segunda', now - 10, null)),
      await storeEvent(app.t.ctx.db, canal, text('5511900000001', 'wamid.lote-a1', 'primeira (de novo)', now - 5, 'Ana')),
    ];
    whatsappOf(app.t.ctx).processor.take([...stored, ...more].filter((e) => e !== null));
    await whatsappOf(app.t.ctx).idle();

    const eventos = await app.t.ctx.db.select().from(whatsappEventos).where(eq(whatsappEventos.canalId, canal.id));
    expect(eventos).toHaveLength(4);
    expect(eventos.every((e) => e.processadoEm !== null && e.erro === null)).toBe(true);
    const people = await app.t.ctx.db
      .select()
      .from(clientes)
      .where(inArray(clientes.identificador, ['whatsapp:5511900000001', 'whatsapp:5511900000002']))
      .orderBy(asc(clientes.identificador));
    // A delivery without the name keeps the stored one.
    expect(people.map((p) => [p.nome, p.numero])).toEqual([
      ['Ana', '+5511900000001'],
      ['Bruno', '+5511900000002'],
    ]);
    const [ana] = await app.t.ctx.db.select().from(atendimentos).where(eq(atendimentos.clienteId, people[0]!.id));
    const lines = await app.t.ctx.db.select().from(mensagens).where(eq(mensagens.atendimentoId, ana!.id)).orderBy(asc(mensagens.seq));
    // In order, each wamid once; the reply window counts from the latest new message ('segunda': a
    // redelivered wamid is the same message, whatever timestamp it carries).
    expect(lines.map((m) => [m.conteudo, m.externalId])).toEqual([
      ['primeira', 'wamid.lote-a1'],
      ['segunda', 'wamid.lote-a2'],
    ]);
    expect(ana!.mensagensNaoLidas).toBe(2);
    expect(ana!.clienteEscreveuEm?.getTime()).toBe((now - 10) * 1000);
  });

  it('marks deliveries processed without waiting for the disk in that statement alone: the session still waits', async () => {
    const canal = await newChannel();
    const now = Math.floor(Date.now() / 1000);
    const e = await storeEvent(app.t.ctx.db, canal, text('5511900000009', 'wamid.marca-1', 'marcada', now, 'Mara'));
    const setting = async (db: Db) => (await rawRows<{ v: string }>(db, sql`select current_setting('synchronous_commit') as v`))[0]!.v;
    expect(await setting(app.t.ctx.db)).toBe('on');
    await markProcessed(app.t.ctx.db, [e!.id]);
    const [marked] = await app.t.ctx.db.select().from(whatsappEventos).where(eq(whatsappEventos.id, e!.id));
    expect(marked!.processadoEm).not.toBeNull();
    expect(marked!.processandoAte).toBeNull();
    // Inside a transaction the setting is the transaction's (set_config's is_local): proof that it took
    // effect, and that it ends with it. On PGlite the one session is every statement's.
    await withTransaction(app.t.ctx.db, async (tx) => {
      await markProcessed(tx, [e!.id]);
      expect(await setting(tx)).toBe('off');
    });
    expect(await setting(app.t.ctx.db)).toBe('on');
  });

  it('writes a customer again only when the delivery changes the name; the same customer each time', async () => {
    const canal = await newChannel();
    const now = Math.floor(Date.now() / 1000);
    const deliver = async (wamid: string, name: string | null) => {
      const e = await storeEvent(app.t.ctx.db, canal, text('5511900000003', wamid, wamid, now, name));
      whatsappOf(app.t.ctx).processor.take([e!]);
      await whatsappOf(app.t.ctx).idle();
      const [c] = await app.t.ctx.db
        .select({ id: clientes.id, nome: clientes.nome, versao: sql<string>`xmin::text` })
        .from(clientes)
        .where(eq(clientes.identificador, 'whatsapp:5511900000003'));
      return c!;
    };
    const first = await deliver('wamid.nome-1', 'Carla');
    const same = await deliver('wamid.nome-2', 'Carla');
    const none = await deliver('wamid.nome-3', null);
    const renamed = await deliver('wamid.nome-4', 'Carla Souza');
    expect([same, none, renamed].map((c) => c.id)).toEqual([first.id, first.id, first.id]);
    expect([first.nome, same.nome, none.nome, renamed.nome]).toEqual(['Carla', 'Carla', 'Carla', 'Carla Souza']);
    // The row version (xmin) moves only when something changed.
    expect([same.versao, none.versao]).toEqual([first.versao, first.versao]);
    expect(renamed.versao).not.toBe(first.versao);
    const lines = await app.t.ctx.db
      .select()
      .from(mensagens)
      .where(inArray(mensagens.externalId, ['wamid.nome-1', 'wamid.nome-4']));
    expect(lines).toHaveLength(2);
  });

  it('stores the message of a kept customer whose row is gone (merged), and shows the others of its batch at once', async () => {
    const canal = await newChannel();
    const now = Math.floor(Date.now() / 1000);
    const process = async (...raws: Buffer[]) => {
      const stored = await Promise.all(raws.map((raw) => storeEvent(app.t.ctx.db, canal, raw)));
      whatsappOf(app.t.ctx).processor.take(stored.filter((e) => e !== null));
      await whatsappOf(app.t.ctx).idle();
    };
    const customer = async (numero: string) =>
      (
        await app.t.ctx.db
          .select()
          .from(clientes)
          .where(eq(clientes.identificador, `whatsapp:${numero}`))
      )[0];
    // Both customers are kept in memory by their first message.
    await process(
      text('5511900000201', 'wamid.some-1', 'oi', now - 30, 'Dora'),
      text('5511900000202', 'wamid.fica-1', 'oi', now - 30, 'Edu'),
    );
    const dora = (await customer('5511900000201'))!;
    // Dora is merged into another customer: her row, the one kept, is deleted.
    const [outra] = await app.t.ctx.db.insert(clientes).values({ accountId: canal.accountId, nome: 'Dora S.' }).returning();
    await mergeClientes(app.t.ctx.db, canal.accountId, dora.id, outra!.id);

    const shown: string[] = [];
    await whilePublishing(app.t.ctx, { messages: (_a, _r, lines) => shown.push(...lines.map((l) => l.conteudo)) }, () =>
      process(
        text('5511900000201', 'wamid.some-2', 'ainda aqui?', now - 20, 'Dora'),
        text('5511900000202', 'wamid.fica-2', 'e eu', now - 20, 'Edu'),
      ),
    );
    // Each message once, shown once; Dora's under a customer of her number again.
    expect(shown.sort()).toEqual(['ainda aqui?', 'e eu']);
    const again = (await customer('5511900000201'))!;
    expect(again.id).not.toBe(dora.id);
    const lines = await app.t.ctx.db
      .select({ externalId: mensagens.externalId, clienteId: atendimentos.clienteId })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
      .where(inArray(mensagens.externalId, ['wamid.some-2', 'wamid.fica-2']))
      .orderBy(asc(mensagens.externalId));
    expect(lines).toEqual([
      { externalId: 'wamid.fica-2', clienteId: (await customer('5511900000202'))!.id },
      { externalId: 'wamid.some-2', clienteId: again.id },
    ]);
    const eventos = await app.t.ctx.db.select().from(whatsappEventos).where(eq(whatsappEventos.canalId, canal.id));
    expect(eventos.every((e) => e.processadoEm !== null && e.erro === null)).toBe(true);
  });

  it('keeps each delivery byte for byte and each text as written, in a batch: quotes, backslashes, escapes, accents, emoji', async () => {
    const canal = await newChannel();
    const now = Math.floor(Date.now() / 1000);
    const bodies = [
      'aspas "duplas" e \'simples\'',
      'barra \\ invertida, {chaves}, [colchetes], vírgula',
      'ação, 😀 e \\u00e9 escrito',
      `linha\nnova\ttab`,
    ];
    // Meta escapes non-ASCII as \uXXXX: the bytes stored are the ones signed, whatever their escapes.
    const raws = bodies.map((b, i) =>
      Buffer.from(text(`551190000010${i}`, `wamid.bytes-${i}`, b, now, 'Cliente').toString().replace('ç', '\\u00e7')),
    );
    const stored = await Promise.all(raws.map((raw) => storeEvent(app.t.ctx.db, canal, raw)));
    expect(stored.map((e) => e?.corpo)).toEqual(raws.map((r) => r.toString('utf8')));
    const eventos = await app.t.ctx.db
      .select()
      .from(whatsappEventos)
      .where(eq(whatsappEventos.canalId, canal.id))
      .orderBy(asc(whatsappEventos.recebidoEm));
    expect(new Set(eventos.map((e) => e.corpo))).toEqual(new Set(raws.map((r) => r.toString('utf8'))));
    whatsappOf(app.t.ctx).processor.take(stored.filter((e) => e !== null));
    await whatsappOf(app.t.ctx).idle();
    const lines = await app.t.ctx.db
      .select({ conteudo: mensagens.conteudo, externalId: mensagens.externalId })
      .from(mensagens)
      .where(
        inArray(
          mensagens.externalId,
          bodies.map((_, i) => `wamid.bytes-${i}`),
        ),
      )
      .orderBy(asc(mensagens.externalId));
    expect(lines.map((l) => l.conteudo)).toEqual(bodies);
  });

  it('stores a plain text while its delivery is stored: once for two copies at once, marked once stored; one whose store failed is shown, and its retry adds nothing', async () => {
    const canal = await newChannel();
    const [row] = await app.t.ctx.db.select().from(canais).where(eq(canais.id, canal.id));
    const handed = asCanal(row!) as WhatsAppCanalRow;
    const processor = whatsappOf(app.t.ctx).processor;
    const now = Math.floor(Date.now() / 1000);
    // Two copies at once (Meta's retry racing its first try), each taken while the webhook stores it.
    const raw = text('5511900000301', 'wamid.junto-1', 'enquanto grava', now - 20, 'Gil');
    const copies = [storeEvent(app.t.ctx.db, canal, raw), storeEvent(app.t.ctx.db, canal, raw)];
    for (const stored of copies) processor.takeStoring(handed, raw.toString('utf8'), stored);
    expect((await Promise.all(copies)).filter(Boolean)).toHaveLength(1);
    await whatsappOf(app.t.ctx).idle();
    // A delivery whose store failed (the webhook answered no 200): its message is shown all the same.
    const lost = text('5511900000301', 'wamid.junto-2', 'sem entrega gravada', now - 10, 'Gil');
    processor.takeStoring(handed, lost.toString('utf8'), Promise.reject(new Error('conexão perdida')));
    await whatsappOf(app.t.ctx).idle();
    const deliveries = () => app.t.ctx.db.select().from(whatsappEventos).where(eq(whatsappEventos.canalId, canal.id));
    expect(await deliveries()).toHaveLength(1);
    // Meta's retry of it is stored and marked, and is the same message.
    const retry = storeEvent(app.t.ctx.db, canal, lost);
    processor.takeStoring(handed, lost.toString('utf8'), retry);
    expect(await retry).not.toBeNull();
    await whatsappOf(app.t.ctx).idle();

    const eventos = await deliveries();
    expect(eventos).toHaveLength(2);
    expect(eventos.every((e) => e.processadoEm !== null && e.erro === null)).toBe(true);
    const [gil] = await app.t.ctx.db.select().from(clientes).where(eq(clientes.identificador, 'whatsapp:5511900000301'));
    const [conversa] = await app.t.ctx.db.select().from(atendimentos).where(eq(atendimentos.clienteId, gil!.id));
    const lines = await app.t.ctx.db.select().from(mensagens).where(eq(mensagens.atendimentoId, conversa!.id)).orderBy(asc(mensagens.seq));
    expect(lines.map((m) => [m.conteudo, m.externalId])).toEqual([
      ['enquanto grava', 'wamid.junto-1'],
      ['sem entrega gravada', 'wamid.junto-2'],
    ]);
    expect(conversa!.mensagensNaoLidas).toBe(2);
  });
});
