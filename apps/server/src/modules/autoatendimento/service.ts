import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { AUTOATENDIMENTO_TEXTS as T, type TChave, type TSolicitacao, type TSolicitacaoInput } from '@balcao/shared/autoatendimento';
import { normalizarNumero } from '@balcao/shared/clientes';
import { clientes } from '../../db/schema/atendimentos';
import { autoatendimentoChaves, autoatendimentoSolicitacoes } from '../../db/schema/autoatendimento';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { Conflict, NotFound, Unauthorized } from '../../lib/errors';
import type { TStaff } from '../atendimentos/policy';
import { can } from './policy';

const KEY_PREFIX = 'balcao_erp_';
const hashOf = (chave: string) => createHash('sha256').update(chave).digest('hex');

function presentChave(r: typeof autoatendimentoChaves.$inferSelect): TChave {
  return {
    id: r.id,
    nome: r.nome,
    prefixo: r.prefixo,
    criadaEm: r.createdAt.toISOString(),
    ultimoUsoEm: r.ultimoUsoEm?.toISOString() ?? null,
    revogadaEm: r.revogadaEm?.toISOString() ?? null,
  };
}

/** A new key: 32 random bytes, shown once in this answer; only its SHA-256 is kept (a key is as strong as a password hash needs not be). */
export async function createChave(db: Db, accountId: string, userId: string, nome: string) {
  const chave = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(autoatendimentoChaves)
    .values({ accountId, nome, hash: hashOf(chave), prefixo: chave.slice(0, KEY_PREFIX.length + 6), criadoPor: userId })
    .returning();
  return { id: row!.id, nome: row!.nome, chave };
}

export async function listChaves(db: Db, accountId: string) {
  const rows = await db
    .select()
    .from(autoatendimentoChaves)
    .where(eq(autoatendimentoChaves.accountId, accountId))
    .orderBy(desc(autoatendimentoChaves.createdAt));
  return rows.map(presentChave);
}

export async function revokeChave(db: Db, accountId: string, id: string) {
  const [row] = await db
    .update(autoatendimentoChaves)
    .set({ revogadaEm: sql`coalesce(${autoatendimentoChaves.revogadaEm}, now())` })
    .where(and(eq(autoatendimentoChaves.id, id), eq(autoatendimentoChaves.accountId, accountId)))
    .returning();
  if (!row) throw new NotFound(T.chaveNaoEncontrada);
  return presentChave(row);
}

/** The account a bearer key belongs to; a wrong or revoked key is a 401 (and nothing is stored). */
export async function accountOfKey(db: Db, chave: string | null) {
  if (!chave) throw new Unauthorized(T.chaveInvalida, 'INVALID_KEY');
  const [row] = await db
    .update(autoatendimentoChaves)
    .set({ ultimoUsoEm: new Date() })
    .where(and(eq(autoatendimentoChaves.hash, hashOf(chave)), isNull(autoatendimentoChaves.revogadaEm)))
    .returning({ id: autoatendimentoChaves.id, accountId: autoatendimentoChaves.accountId });
  if (!row) throw new Unauthorized(T.chaveInvalida, 'INVALID_KEY');
  return row;
}

/** The directory's customer with this number or e-mail (an ERP names people by these), or undefined. */
export async function clienteDoErp(db: Db, accountId: string, cliente: { numero?: string | null; email?: string | null }) {
  const numero = cliente.numero ? normalizarNumero(cliente.numero) : null;
  const email = cliente.email?.toLowerCase() || null;
  const match = [numero ? eq(clientes.numero, numero) : undefined, email ? sql`lower(${clientes.email}) = ${email}` : undefined].filter(
    Boolean,
  );
  const [found] = match.length
    ? await db
        .select({ id: clientes.id })
        .from(clientes)
        .where(and(eq(clientes.accountId, accountId), or(...match)))
        .limit(1)
    : [];
  return { numero, email, cliente: found };
}

/** Stores the ERP's request, linked to the directory's customer with the same number or e-mail when there is one. */
export async function createSolicitacao(db: Db, key: { id: string; accountId: string }, input: TSolicitacaoInput) {
  const { numero, email, cliente } = await clienteDoErp(db, key.accountId, input.cliente);
  const [row] = await db
    .insert(autoatendimentoSolicitacoes)
    .values({
      accountId: key.accountId,
      chaveId: key.id,
      clienteId: cliente?.id ?? null,
      clienteNome: input.cliente.nome,
      clienteNumero: numero,
      clienteEmail: email,
      clienteDocumento: input.cliente.documento || null,
      tipo: input.tipo,
      descricao: input.descricao,
      dados: input.dados ?? null,
    })
    .returning({ id: autoatendimentoSolicitacoes.id, status: autoatendimentoSolicitacoes.status });
  return row!;
}

export async function countPendentes(db: Db, accountId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(autoatendimentoSolicitacoes)
    .where(and(eq(autoatendimentoSolicitacoes.accountId, accountId), eq(autoatendimentoSolicitacoes.status, 'pendente')));
  return r?.n ?? 0;
}

/** Open requests first (pending, then in progress), then the latest resolved ones. */
export async function listSolicitacoes(db: Db, accountId: string, abertas: boolean): Promise<TSolicitacao[]> {
  const rows = await db
    .select({ s: autoatendimentoSolicitacoes, responsavelNome: users.nome, chaveNome: autoatendimentoChaves.nome })
    .from(autoatendimentoSolicitacoes)
    .leftJoin(users, eq(users.id, autoatendimentoSolicitacoes.responsavelId))
    .leftJoin(autoatendimentoChaves, eq(autoatendimentoChaves.id, autoatendimentoSolicitacoes.chaveId))
    .where(
      and(
        eq(autoatendimentoSolicitacoes.accountId, accountId),
        abertas
          ? inArray(autoatendimentoSolicitacoes.status, ['pendente', 'em_andamento'])
          : eq(autoatendimentoSolicitacoes.status, 'resolvida'),
      ),
    )
    .orderBy(
      abertas ? desc(sql`${autoatendimentoSolicitacoes.status} = 'pendente'`) : desc(autoatendimentoSolicitacoes.resolvidaEm),
      desc(autoatendimentoSolicitacoes.createdAt),
    )
    .limit(200);
  return rows.map(({ s, responsavelNome, chaveNome }) => ({
    id: s.id,
    clienteNome: s.clienteNome,
    clienteNumero: s.clienteNumero,
    clienteEmail: s.clienteEmail,
    clienteDocumento: s.clienteDocumento,
    tipo: s.tipo,
    descricao: s.descricao,
    dados: s.dados ?? null,
    status: s.status,
    responsavelNome,
    chaveNome,
    criadaEm: s.createdAt.toISOString(),
    resolvidaEm: s.resolvidaEm?.toISOString() ?? null,
  }));
}

/** Taking a pending request: the first to take it holds it. */
export async function assumirSolicitacao(db: Db, staff: TStaff, id: string) {
  const [row] = await db
    .update(autoatendimentoSolicitacoes)
    .set({ status: 'em_andamento', responsavelId: staff.id })
    .where(
      and(
        eq(autoatendimentoSolicitacoes.id, id),
        eq(autoatendimentoSolicitacoes.accountId, staff.accountId),
        eq(autoatendimentoSolicitacoes.status, 'pendente'),
      ),
    )
    .returning({ id: autoatendimentoSolicitacoes.id });
  if (!row) await refuse(db, staff.accountId, id);
}

/** Resolving: a pending one, or one in progress by the caller (a supervisor resolves any). */
export async function resolverSolicitacao(db: Db, staff: TStaff, id: string) {
  const [row] = await db
    .update(autoatendimentoSolicitacoes)
    .set({
      status: 'resolvida',
      resolvidaEm: new Date(),
      responsavelId: sql`coalesce(${autoatendimentoSolicitacoes.responsavelId}, ${staff.id}::uuid)`,
    })
    .where(
      and(
        eq(autoatendimentoSolicitacoes.id, id),
        eq(autoatendimentoSolicitacoes.accountId, staff.accountId),
        or(
          eq(autoatendimentoSolicitacoes.status, 'pendente'),
          and(
            eq(autoatendimentoSolicitacoes.status, 'em_andamento'),
            can(staff, 'resolverDeOutros') ? undefined : eq(autoatendimentoSolicitacoes.responsavelId, staff.id),
          ),
        ),
      ),
    )
    .returning({ id: autoatendimentoSolicitacoes.id });
  if (!row) await refuse(db, staff.accountId, id);
}

async function refuse(db: Db, accountId: string, id: string): Promise<never> {
  const [s] = await db
    .select({ status: autoatendimentoSolicitacoes.status })
    .from(autoatendimentoSolicitacoes)
    .where(and(eq(autoatendimentoSolicitacoes.id, id), eq(autoatendimentoSolicitacoes.accountId, accountId)))
    .limit(1);
  if (!s) throw new NotFound(T.naoEncontrada);
  throw new Conflict(s.status === 'resolvida' ? T.jaResolvida : T.jaAssumida);
}
