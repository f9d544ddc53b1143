import { randomUUID } from 'node:crypto';
import type { TCanal, TCanalWidgetInput } from '@balcao/shared/canais';
import type { TWidgetSession } from '@balcao/shared/widget';
import { visitorSend } from '../channels/widget/send';
import { findCanalByToken, requireVisitante } from '../channels/widget/service';
import { atendimentos } from '../db/schema/atendimentos';
import type { Db } from '../lib/db';
import { nextTicket } from '../modules/atendimentos/service';
import type { TestApp } from './harness';

export const SITE = 'https://loja.exemplo.com.br';

/** A widget channel created through the admin API. */
export async function makeCanal(t: TestApp, auth: Record<string, string>, patch: Partial<TCanalWidgetInput> = {}): Promise<TCanal> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/backend/api/canais/widget',
    headers: auth,
    payload: { nome: 'Site', origensPermitidas: [SITE], ...patch },
  });
  if (res.statusCode !== 201) throw new Error(`canal: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A visitor as the widget starts one: a session from an allowed origin, then messages. */
export async function makeVisitor(t: TestApp, canal: TCanal, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/backend/api/public/widget/${canal.token}/sessao`,
    headers: { origin: SITE },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`sessao: ${res.statusCode} ${res.body}`);
  const session = res.json() as TWidgetSession;
  // Resolved once, as the socket does at its handshake, so concurrent sends keep the order they were made in.
  const c = await findCanalByToken(t.ctx.db, canal.token);
  const v = await requireVisitante(t.ctx.db, c, session.visitante);
  const send = (conteudo: string, clientId: string = randomUUID()) => visitorSend(t.ctx, c, v, { clientId, conteudo });
  return { session, send };
}

/** A conversation row written straight to the database, with the account's next ticket. */
export async function makeAtendimento(db: Db, values: Omit<typeof atendimentos.$inferInsert, 'ticket'>) {
  const [a] = await db
    .insert(atendimentos)
    .values({ ...values, ticket: await nextTicket(db, values.accountId) })
    .returning();
  return a!;
}
