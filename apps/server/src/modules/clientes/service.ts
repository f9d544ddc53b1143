import { and, eq, ne } from 'drizzle-orm';
import { CLIENTES_TEXTS as T, type ZClienteInput } from '@balcao/shared/clientes';
import type { z } from 'zod';
import { clientes } from '../../db/schema/atendimentos';
import type { Db } from '../../lib/db';
import { isUniqueViolation } from '../departamentos/service';
import { BadRequest, NotFound } from '../../lib/errors';

type Input = z.output<typeof ZClienteInput>;
const emUso = () => new BadRequest(T.numeroEmUso, { numero: [T.numeroEmUso] });

/** One number per account (E.164): a second customer with it is refused on the field. */
async function assertNumeroLivre(db: Db, accountId: string, numero: string | null, exceptId: string | null) {
  if (!numero) return;
  const [other] = await db
    .select({ id: clientes.id })
    .from(clientes)
    .where(and(eq(clientes.accountId, accountId), eq(clientes.numero, numero), exceptId ? ne(clientes.id, exceptId) : undefined))
    .limit(1);
  if (other) throw emUso();
}

/**
 * A customer typed in by staff. With a number it is also the customer's WhatsApp identity (`whatsapp:<digits>`,
 * as the webhook stores it), so their first WhatsApp message joins this record instead of creating another.
 */
export async function createCliente(db: Db, accountId: string, input: Input) {
  await assertNumeroLivre(db, accountId, input.numero, null);
  try {
    const [row] = await db
      .insert(clientes)
      .values({
        accountId,
        nome: input.nome,
        email: input.email,
        numero: input.numero,
        identificador: input.numero ? `whatsapp:${input.numero.slice(1)}` : null,
      })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw emUso();
    throw err;
  }
}

/** Name, e-mail and number; a customer still without an identity gets the number's WhatsApp identity. */
export async function updateCliente(db: Db, accountId: string, id: string, input: Input) {
  const [current] = await db
    .select({ identificador: clientes.identificador })
    .from(clientes)
    .where(and(eq(clientes.id, id), eq(clientes.accountId, accountId)))
    .limit(1);
  if (!current) throw new NotFound(T.naoEncontrado);
  await assertNumeroLivre(db, accountId, input.numero, id);
  try {
    const [row] = await db
      .update(clientes)
      .set({
        nome: input.nome,
        email: input.email,
        numero: input.numero,
        ...(current.identificador === null && input.numero ? { identificador: `whatsapp:${input.numero.slice(1)}` } : {}),
      })
      .where(eq(clientes.id, id))
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw emUso();
    throw err;
  }
}
