import { and, eq } from 'drizzle-orm';
import { waIdCanonico } from '@balcao/shared/clientes';
import { atendimentoEvents, type AppContext } from '../../../context';
import type { Db } from '../../../lib/db';
import { clientes } from '../../../db/schema/atendimentos';
import { mergeClientes } from '../../clientes/merge';
import { result } from '../service';
import type { TIdentidade } from './events';

/**
 * How a customer is keyed by each identity: a phone in its canonical form (Brazil's ninth digit: typed and
 * webhook numbers meet), a BSUID or a LID while the number is unknown.
 */
export const keyOfPhone = (telefone: string) => {
  const waId = waIdCanonico(telefone);
  return { identificador: `whatsapp:${waId}`, numero: `+${waId}` };
};
const keyOfBsuid = (bsuid: string) => `whatsapp-bsuid:${bsuid}`;
const keyOfLid = (lid: string) => `whatsapp-lid:${lid}`;

async function byKey(ctx: AppContext, accountId: string, identificador: string) {
  const [row] = await ctx.db
    .select({ id: clientes.id, nome: clientes.nome, bsuid: clientes.bsuid })
    .from(clientes)
    .where(and(eq(clientes.accountId, accountId), eq(clientes.identificador, identificador)))
    .limit(1);
  return row ?? null;
}

async function byBsuid(ctx: AppContext, accountId: string, bsuid: string) {
  const [row] = await ctx.db
    .select({ id: clientes.id, nome: clientes.nome })
    .from(clientes)
    .where(and(eq(clientes.accountId, accountId), eq(clientes.bsuid, bsuid)))
    .limit(1);
  return row ?? null;
}

/**
 * Two customers found to be one person: `fromId`'s conversations move to `intoId`, and the screens are told
 * of every conversation that changed customer.
 */
async function join(ctx: AppContext, accountId: string, fromId: string, intoId: string) {
  const merged = await mergeClientes(ctx.db, accountId, fromId, intoId);
  const events = atendimentoEvents(ctx);
  for (const id of [...(merged?.abertos ?? []), ...(merged?.finalizados ?? [])])
    events.row(accountId, (await result(ctx.db, accountId, id, [])).row);
}

async function upsert(
  ctx: AppContext,
  accountId: string,
  identificador: string,
  nome: string | null,
  numero: string | null,
  bsuid?: string,
) {
  const [row] = await ctx.db
    .insert(clientes)
    .values({ accountId, nome: nome || numero || bsuid || 'WhatsApp', numero, identificador, bsuid: bsuid ?? null })
    .onConflictDoUpdate({
      target: [clientes.accountId, clientes.identificador],
      set: { ...(nome ? { nome } : {}), ...(numero ? { numero } : { identificador }) },
    })
    .returning({ id: clientes.id, bsuid: clientes.bsuid });
  return row!;
}

/**
 * The one customer upsert of every driver: the customer an event is from, found or created by its identity.
 * A widget visitor is already a customer. A phone wins over the other identities: a BSUID- or LID-only
 * customer met again with its number becomes the number's customer (joined with it when the number had its
 * own), so one person is one customer whatever WhatsApp addresses them by.
 */
export async function customerOf(ctx: AppContext, accountId: string, de: TIdentidade, nome: string | null): Promise<string> {
  if (de.clienteId) return de.clienteId;
  if (de.telefone) {
    const { identificador, numero } = keyOfPhone(de.telefone);
    if (de.lid) {
      const lidOnly = await byKey(ctx, accountId, keyOfLid(de.lid));
      if (lidOnly) {
        const own = await byKey(ctx, accountId, identificador);
        if (own) await join(ctx, accountId, lidOnly.id, own.id);
        else await ctx.db.update(clientes).set({ identificador, numero }).where(eq(clientes.id, lidOnly.id));
      }
    }
    const bsuidOnly = de.bsuid ? await byBsuid(ctx, accountId, de.bsuid) : null;
    const row = await upsert(ctx, accountId, identificador, nome, numero);
    if (de.bsuid && row.bsuid !== de.bsuid) {
      if (bsuidOnly && bsuidOnly.id !== row.id) await join(ctx, accountId, bsuidOnly.id, row.id);
      await ctx.db.update(clientes).set({ bsuid: de.bsuid }).where(eq(clientes.id, row.id));
    }
    return row.id;
  }
  if (de.bsuid) {
    const known = await byBsuid(ctx, accountId, de.bsuid);
    if (known) {
      if (nome && nome !== known.nome) await ctx.db.update(clientes).set({ nome }).where(eq(clientes.id, known.id));
      return known.id;
    }
    return (await upsert(ctx, accountId, keyOfBsuid(de.bsuid), nome, null, de.bsuid)).id;
  }
  return (await upsert(ctx, accountId, keyOfLid(de.lid!), nome, null)).id;
}

/**
 * The customer answers by a new number: the old number's customer moves to it (joined with a customer the
 * new one already had). An unknown old number changes nothing.
 */
export async function changeIdentity(ctx: AppContext, accountId: string, de: TIdentidade, para: TIdentidade) {
  if (!de.telefone || !para.telefone) throw new Error('mudança de identidade sem os dois números');
  const velho = keyOfPhone(de.telefone);
  const novo = keyOfPhone(para.telefone);
  const antes = await byKey(ctx, accountId, velho.identificador);
  if (!antes || velho.identificador === novo.identificador) return;
  const depois = await byKey(ctx, accountId, novo.identificador);
  if (depois) await join(ctx, accountId, depois.id, antes.id);
  await ctx.db.update(clientes).set(novo).where(eq(clientes.id, antes.id));
}

/**
 * A widget visitor's customer, made when their session starts (their messages then name it: clienteId): the
 * site's verified identifier finds the one it had, else a new customer is made.
 */
export async function visitorCustomer(db: Db, accountId: string, v: { identificador: string | null; nome: string; email: string | null }) {
  if (v.identificador) {
    const [known] = await db
      .select({ id: clientes.id })
      .from(clientes)
      .where(and(eq(clientes.accountId, accountId), eq(clientes.identificador, v.identificador)))
      .limit(1);
    if (known) return known.id;
  }
  const [row] = await db
    .insert(clientes)
    .values({ accountId, nome: v.nome, email: v.email, identificador: v.identificador })
    .returning({ id: clientes.id });
  return row!.id;
}
