import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZCanalWidgetConfig } from '@balcao/shared/canais';
import { accounts } from './schema/accounts';
import { atendimentos, canais, clientes, mensagens } from './schema/atendimentos';
import { whatsappEventos } from './schema/whatsapp';
import type { Database } from './client';
import { DB_KINDS, freshDatabase } from '../test/harness';
import { makeAccount } from '../test/factories';
import { SITE } from '../test/atendimentos-fixtures';

const widgetConfig = ZCanalWidgetConfig.parse({ origensPermitidas: [SITE] });

/** The rows one account's conversation hangs from: a channel, a customer, an open atendimento. */
async function conversationOf(db: Database['db'], accountId: string) {
  const [canal] = await db
    .insert(canais)
    .values({ accountId, tipo: 'widget', nome: 'Site', token: crypto.randomUUID(), segredoCifrado: 'x', config: widgetConfig })
    .returning();
  const [cliente] = await db.insert(clientes).values({ accountId, nome: 'Cliente' }).returning();
  const [atendimento] = await db
    .insert(atendimentos)
    .values({ accountId, ticket: 1, clienteId: cliente!.id, canalId: canal!.id, origem: 'widget' })
    .returning();
  return { canal: canal!, atendimento: atendimento! };
}

/** The SQLSTATE of what the statement threw (Drizzle wraps the driver's error in `cause`). */
const sqlState = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
  );

describe.each(DB_KINDS)('keys of messages and webhook deliveries (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  it("refuses a message or a delivery under an account that is not its parent's", async () => {
    const { db } = database;
    const a = await makeAccount(db, 'Loja A');
    const b = await makeAccount(db, 'Loja B');
    const { canal, atendimento } = await conversationOf(db, a.account.id);

    const message = (accountId: string) =>
      db.insert(mensagens).values({ accountId, atendimentoId: atendimento.id, autor: 'cliente', tipo: 'text', conteudo: 'Olá' });
    const delivery = (accountId: string) =>
      db.insert(whatsappEventos).values({ accountId, canalId: canal.id, hash: crypto.randomUUID(), corpo: '{}' });

    expect(await sqlState(message(b.account.id))).toBe('23503');
    expect(await sqlState(delivery(b.account.id))).toBe('23503');
    expect(await sqlState(message(a.account.id))).toBe('ok');
    expect(await sqlState(delivery(a.account.id))).toBe('ok');
  });

  it("goes with its account: deleting one removes its messages and deliveries, and nobody else's", async () => {
    const { db } = database;
    const a = await makeAccount(db, 'Loja A');
    const b = await makeAccount(db, 'Loja B');
    for (const { account } of [a, b]) {
      const { canal, atendimento } = await conversationOf(db, account.id);
      await db.insert(mensagens).values({ accountId: account.id, atendimentoId: atendimento.id, autor: 'cliente', tipo: 'text' });
      await db.insert(whatsappEventos).values({ accountId: account.id, canalId: canal.id, hash: 'h', corpo: '{}' });
    }
    await db.delete(accounts).where(eq(accounts.id, a.account.id));

    const left = async (accountId: string) => [
      (await db.select().from(mensagens).where(eq(mensagens.accountId, accountId))).length,
      (await db.select().from(whatsappEventos).where(eq(whatsappEventos.accountId, accountId))).length,
    ];
    expect(await left(a.account.id)).toEqual([0, 0]);
    expect(await left(b.account.id)).toEqual([1, 1]);
  });
});
