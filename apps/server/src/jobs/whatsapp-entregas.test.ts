import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { canais } from '../db/schema/atendimentos';
import { whatsappEventos } from '../db/schema/whatsapp';
import { makeAccount } from '../test/factories';
import { DB_KINDS, freshDatabase } from '../test/harness';
import { ENTREGAS_RETIDAS_MS, purgeWhatsAppEntregas } from './whatsapp-entregas';

const DAY_MS = 24 * 60 * 60_000;
const NOW = new Date('2026-11-28T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe.each(DB_KINDS)('old WhatsApp deliveries deleted on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('deletes the processed (or given up) ones received before the retention, in batches; keeps the waiting and the recent', async () => {
    const db = database.db;
    const { account } = await makeAccount(db);
    const [canal] = await db
      .insert(canais)
      .values({
        accountId: account.id,
        tipo: 'whatsapp',
        nome: 'WhatsApp',
        token: crypto.randomUUID(),
        segredoCifrado: 'x',
        config: {} as never,
      })
      .returning();
    let n = 0;
    const entrega = (recebidoEm: Date, processadoEm: Date | null, erro: string | null = null) => {
      const corpo = JSON.stringify({ object: 'whatsapp_business_account', n: n++ });
      return {
        accountId: account.id,
        canalId: canal!.id,
        hash: createHash('sha256').update(corpo).digest('hex'),
        corpo,
        recebidoEm,
        processadoEm,
        erro,
      };
    };
    const antiga = ago(ENTREGAS_RETIDAS_MS + DAY_MS);
    // More than one statement's batch of old processed deliveries.
    const velhas = Array.from({ length: 2_100 }, () => entrega(antiga, antiga));
    const [desistida, esperando, recente] = [
      entrega(antiga, ago(ENTREGAS_RETIDAS_MS), 'Falha ao baixar a mídia'),
      entrega(antiga, null),
      entrega(ago(ENTREGAS_RETIDAS_MS - DAY_MS), ago(ENTREGAS_RETIDAS_MS - DAY_MS)),
    ];
    await db.insert(whatsappEventos).values([...velhas, desistida!, esperando!, recente!]);

    expect(await purgeWhatsAppEntregas(db, { now: NOW })).toBe(2_101);
    const restantes = await db.select({ hash: whatsappEventos.hash }).from(whatsappEventos);
    expect(restantes.map((r) => r.hash).sort()).toEqual([esperando!.hash, recente!.hash].sort());
    expect(await purgeWhatsAppEntregas(db, { now: NOW })).toBe(0);
  });
});
