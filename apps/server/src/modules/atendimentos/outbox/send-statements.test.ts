import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientes } from '../../../db/schema/atendimentos';
import { whatsappOf } from '../../../channels/registry';
import { makeAtendimento } from '../../../test/atendimentos-fixtures';
import { DB_KINDS } from '../../../test/harness';
import { roundTrips } from '../../../test/statement-counter';
import { whilePublishing } from '../../../test/publisher-spy';
import { newWhatsAppChannel, whatsappTestApp } from '../../../test/whatsapp-channel';

/**
 * The round trips to the database of one attendant's answer on WhatsApp, from the request to the settled
 * send: the session check (2, HTTP only: the hub checks once per socket), the answer's read and insert (2), the
 * outbox's claim with where it goes (1) and the settle that also reads who hears of it (1). Counted, not
 * timed, so the budget holds on a loaded machine.
 */
const BUDGET = 6;

describe.each(DB_KINDS)('statements of a send (%s)', (kind) => {
  const s = whatsappTestApp(kind);

  it('stores, sends and settles an answer within its budget of round trips', async () => {
    const { acc, master, canal } = await newWhatsAppChannel(s.t, { phoneNumberId: s.graph.phoneNumberId });
    const [cliente] = await s.t.ctx.db
      .insert(clientes)
      .values({ accountId: acc.account.id, nome: 'Cliente', numero: '5511977776666' })
      .returning();
    const a = await makeAtendimento(s.t.ctx.db, {
      accountId: acc.account.id,
      clienteId: cliente!.id,
      canalId: canal.id,
      origem: 'whatsapp',
      status: 'em_atendimento',
      atendenteId: master.user.id,
      clienteEscreveuEm: new Date(),
    });
    const idle = () => whatsappOf(s.t.ctx).idle();
    const send = async (conteudo: string) => {
      const r = await s.t.app.inject({
        method: 'POST',
        url: `/backend/api/atendimento/${a.id}/mensagens`,
        headers: master.auth,
        payload: { clientId: randomUUID(), atendimentoId: a.id, conteudo },
      });
      expect(r.statusCode).toBe(201);
      await idle();
    };
    // The first send prepares the path's statements and opens the channel's lane: counted from the second on.
    await send('primeira');
    const told: string[] = [];
    const { trips } = await roundTrips(() =>
      whilePublishing(s.t.ctx, { messages: () => told.push('message'), status: (_a, _r, u) => told.push(u.status) }, () => send('segunda')),
    );
    const sent = s.graph.calls
      .filter((c) => c.path.endsWith('/messages'))
      .map((c) => (c.body?.text as { body?: string } | undefined)?.body);
    expect(sent).toEqual(['primeira', 'segunda']);
    expect(told).toEqual(['message', 'sent']);
    expect(trips.map((t) => t.sql.slice(0, 80)).length, trips.map((t) => t.sql.slice(0, 80)).join('\n')).toBeLessThanOrEqual(BUDGET);
  });
});
