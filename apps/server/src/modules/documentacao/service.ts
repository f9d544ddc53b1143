import { type AnyColumn, and, asc, desc, eq, isNull, like, max, sql, type SQL } from 'drizzle-orm';
import {
  DOCUMENTACAO_TEXTS as T,
  type TCentral,
  type TDocumento,
  type TDocumentoResumo,
  type TSecao,
  type TVersao,
  type ZCentralInput,
  type ZDocumentoInput,
  type ZSecaoInput,
} from '@balcao/shared/documentacao';
import type { z } from 'zod';
import { accounts } from '../../db/schema/accounts';
import {
  type CentralRow,
  type DocumentoRow,
  documentacaoCentrais,
  documentacaoSecoes,
  documentos,
  documentoVersoes,
} from '../../db/schema/documentacao';
import { users } from '../../db/schema/users';
import { type Db, withTransaction } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { isUniqueViolation } from '../departamentos/service';
import { slugDe } from './markdown';
import { type Lugar, presentCentral, presentDocumento, presentResumo, presentSecao, presentVersao } from './presenter';
import { mudouConta } from './cache';

type CentralInput = z.output<typeof ZCentralInput>;
type SecaoInput = z.output<typeof ZSecaoInput>;
type DocumentoInput = z.output<typeof ZDocumentoInput>;

const databaseNameOf = async (db: Db, accountId: string) =>
  (await db.select({ n: accounts.databaseName }).from(accounts).where(eq(accounts.id, accountId)))[0]!.n;

/**
 * A slug for a new or renamed item: the one given (taken: a field error), or one made from the title with
 * -2, -3… when taken. `ocupados` answers the slugs of the same scope starting with a prefix.
 */
async function escolherSlug(dado: string | undefined, titulo: string, ocupados: (prefixo: string) => Promise<string[]>, atual?: string) {
  if (dado) {
    if (dado !== atual && (await ocupados(dado)).includes(dado)) throw new BadRequest(T.slugEmUso, { slug: [T.slugEmUso] });
    return dado;
  }
  if (atual) return atual;
  const base = slugDe(titulo) || 'item';
  const usados = new Set(await ocupados(base));
  let slug = base;
  for (let n = 2; usados.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** A unique index said no while writing: the slug (or domain) was taken meanwhile. */
async function gravando<X>(work: () => Promise<X>, campo: 'slug' | 'dominio' = 'slug'): Promise<X> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const dominio = /dominio/.test(
      String(
        (err as { constraint?: string; cause?: { constraint?: string } }).cause?.constraint ?? (err as { constraint?: string }).constraint,
      ),
    );
    const msg = dominio || campo === 'dominio' ? T.dominioEmUso : T.slugEmUso;
    throw new BadRequest(msg, { [dominio ? 'dominio' : campo]: [msg] });
  }
}

const comPrefixo = (col: AnyColumn, prefixo: string) => like(col, `${prefixo.replace(/[\\%_]/g, '\\$&')}%`);

// Help centres.

async function centralDaConta(db: Db, accountId: string, id: string): Promise<CentralRow> {
  const [c] = await db
    .select()
    .from(documentacaoCentrais)
    .where(and(eq(documentacaoCentrais.id, id), eq(documentacaoCentrais.accountId, accountId)));
  if (!c) throw new NotFound(T.centralNaoEncontrada);
  return c;
}

export async function listarCentrais(db: Db, accountId: string, origem: string): Promise<TCentral[]> {
  const rows = await db
    .select()
    .from(documentacaoCentrais)
    .where(eq(documentacaoCentrais.accountId, accountId))
    .orderBy(asc(documentacaoCentrais.nome));
  const databaseName = await databaseNameOf(db, accountId);
  return rows.map((c) => presentCentral(c, origem, databaseName));
}

export async function salvarCentral(db: Db, accountId: string, origem: string, input: CentralInput, id?: string): Promise<TCentral> {
  const atual = id ? await centralDaConta(db, accountId, id) : undefined;
  const slug = await escolherSlug(
    input.slug,
    input.nome,
    async (p) =>
      (
        await db
          .select({ s: documentacaoCentrais.slug })
          .from(documentacaoCentrais)
          .where(and(eq(documentacaoCentrais.accountId, accountId), comPrefixo(documentacaoCentrais.slug, p)))
      ).map((r) => r.s),
    atual?.slug,
  );
  if (input.dominio && input.dominio !== atual?.dominio) {
    const [outro] = await db
      .select({ id: documentacaoCentrais.id })
      .from(documentacaoCentrais)
      .where(eq(documentacaoCentrais.dominio, input.dominio));
    if (outro) throw new BadRequest(T.dominioEmUso, { dominio: [T.dominioEmUso] });
  }
  const valores = {
    nome: input.nome,
    slug,
    dominio: input.dominio,
    // A new domain is verified again (GET …/centrais/{id}/dominio).
    ...(input.dominio !== atual?.dominio ? { dominioVerificadoEm: null } : {}),
    ...(input.cor ? { cor: input.cor.toLowerCase() } : {}),
    logo: input.logo,
    ...(input.publica !== undefined ? { publica: input.publica } : {}),
  };
  const [row] = await gravando(() =>
    atual
      ? db
          .update(documentacaoCentrais)
          .set({ ...valores, updatedAt: new Date() })
          .where(eq(documentacaoCentrais.id, atual.id))
          .returning()
      : db
          .insert(documentacaoCentrais)
          .values({ accountId, ...valores })
          .returning(),
  );
  mudouConta(accountId);
  return presentCentral(row!, origem, await databaseNameOf(db, accountId));
}

export async function excluirCentral(db: Db, accountId: string, id: string): Promise<void> {
  await centralDaConta(db, accountId, id);
  await db.delete(documentacaoCentrais).where(eq(documentacaoCentrais.id, id));
  mudouConta(accountId);
}

/** Records that the centre's domain was found pointing here (the settings screen asks). */
export async function marcarDominioVerificado(db: Db, accountId: string, id: string): Promise<CentralRow> {
  const c = await centralDaConta(db, accountId, id);
  const [row] = await db
    .update(documentacaoCentrais)
    .set({ dominioVerificadoEm: new Date() })
    .where(eq(documentacaoCentrais.id, c.id))
    .returning();
  return row!;
}
export { centralDaConta };

// Sections.

async function secaoDaConta(db: Db, accountId: string, id: string) {
  const [s] = await db
    .select()
    .from(documentacaoSecoes)
    .where(and(eq(documentacaoSecoes.id, id), eq(documentacaoSecoes.accountId, accountId)));
  if (!s) throw new NotFound(T.secaoNaoEncontrada);
  return s;
}

export async function listarSecoes(db: Db, accountId: string, centralId?: string): Promise<TSecao[]> {
  const rows = await db
    .select()
    .from(documentacaoSecoes)
    .where(and(eq(documentacaoSecoes.accountId, accountId), centralId ? eq(documentacaoSecoes.centralId, centralId) : undefined))
    .orderBy(asc(documentacaoSecoes.ordem), asc(documentacaoSecoes.titulo));
  return rows.map(presentSecao);
}

export async function salvarSecao(db: Db, accountId: string, input: SecaoInput, id?: string): Promise<TSecao> {
  const atual = id ? await secaoDaConta(db, accountId, id) : undefined;
  const centralId = input.centralId === undefined ? (atual?.centralId ?? null) : input.centralId;
  if (centralId) await centralDaConta(db, accountId, centralId);
  const escopo = centralId
    ? eq(documentacaoSecoes.centralId, centralId)
    : and(eq(documentacaoSecoes.accountId, accountId), isNull(documentacaoSecoes.centralId));
  const slug = await escolherSlug(
    input.slug,
    input.titulo,
    async (p) =>
      (
        await db
          .select({ s: documentacaoSecoes.slug })
          .from(documentacaoSecoes)
          .where(and(escopo, comPrefixo(documentacaoSecoes.slug, p)))
      ).map((r) => r.s),
    atual && atual.centralId === centralId ? atual.slug : undefined,
  );
  const valores = { titulo: input.titulo, slug, centralId, ...(input.ordem !== undefined ? { ordem: input.ordem } : {}) };
  const [row] = await gravando(() =>
    atual
      ? db
          .update(documentacaoSecoes)
          .set({ ...valores, updatedAt: new Date() })
          .where(eq(documentacaoSecoes.id, atual.id))
          .returning()
      : db
          .insert(documentacaoSecoes)
          .values({ accountId, ...valores })
          .returning(),
  );
  mudouConta(accountId);
  return presentSecao(row!);
}

export async function excluirSecao(db: Db, accountId: string, id: string): Promise<void> {
  await secaoDaConta(db, accountId, id);
  await db.delete(documentacaoSecoes).where(eq(documentacaoSecoes.id, id));
  mudouConta(accountId);
}

// Documents.

export const selecionarDocumentos = (db: Db, where: SQL | undefined) =>
  db
    .select({
      d: documentos,
      autorNome: users.nome,
      databaseName: accounts.databaseName,
      centralSlug: documentacaoCentrais.slug,
      centralPublica: documentacaoCentrais.publica,
      secaoSlug: documentacaoSecoes.slug,
    })
    .from(documentos)
    .innerJoin(documentacaoSecoes, eq(documentacaoSecoes.id, documentos.secaoId))
    .leftJoin(documentacaoCentrais, eq(documentacaoCentrais.id, documentacaoSecoes.centralId))
    .innerJoin(accounts, eq(accounts.id, documentos.accountId))
    .leftJoin(users, eq(users.id, documentos.autorId))
    .where(where)
    .$dynamic();
type Selecionado = Awaited<ReturnType<typeof selecionarDocumentos>>[number];
const lugarDe = (r: Selecionado): Lugar => r;

async function documentoDaConta(db: Db, accountId: string, id: string): Promise<Selecionado> {
  const [r] = await selecionarDocumentos(db, and(eq(documentos.id, id), eq(documentos.accountId, accountId)));
  if (!r) throw new NotFound(T.documentoNaoEncontrado);
  return r;
}

export async function listarDocumentos(
  db: Db,
  accountId: string,
  origem: string,
  filtro: { secaoId?: string; status?: DocumentoRow['status'] },
): Promise<TDocumentoResumo[]> {
  const rows = await selecionarDocumentos(
    db,
    and(
      eq(documentos.accountId, accountId),
      filtro.secaoId ? eq(documentos.secaoId, filtro.secaoId) : undefined,
      filtro.status ? eq(documentos.status, filtro.status) : undefined,
    ),
  ).orderBy(asc(documentos.ordem), asc(documentos.titulo));
  return rows.map((r) => presentResumo(r.d, lugarDe(r), r.autorNome, origem));
}

export async function obterDocumento(db: Db, accountId: string, origem: string, id: string): Promise<TDocumento> {
  const r = await documentoDaConta(db, accountId, id);
  return presentDocumento(r.d, lugarDe(r), r.autorNome, origem);
}

/** Keeps the document as it now is as its next version (every save keeps one). */
async function guardarVersao(tx: Db, d: DocumentoRow, autorId: string) {
  const [ultima] = await tx
    .select({ n: max(documentoVersoes.numero) })
    .from(documentoVersoes)
    .where(eq(documentoVersoes.documentoId, d.id));
  await tx.insert(documentoVersoes).values({
    accountId: d.accountId,
    documentoId: d.id,
    numero: (ultima?.n ?? 0) + 1,
    titulo: d.titulo,
    conteudo: d.conteudo,
    status: d.status,
    visibilidade: d.visibilidade,
    autorId,
  });
}

export async function salvarDocumento(db: Db, user: TSessionUser, origem: string, input: DocumentoInput, id?: string): Promise<TDocumento> {
  const atual = id ? (await documentoDaConta(db, user.accountId, id)).d : undefined;
  await secaoDaConta(db, user.accountId, input.secaoId);
  const slug = await escolherSlug(
    input.slug,
    input.titulo,
    async (p) =>
      (
        await db
          .select({ s: documentos.slug })
          .from(documentos)
          .where(and(eq(documentos.secaoId, input.secaoId), comPrefixo(documentos.slug, p)))
      ).map((r) => r.s),
    atual && atual.secaoId === input.secaoId ? atual.slug : undefined,
  );
  const agora = new Date();
  const valores = {
    titulo: input.titulo,
    slug,
    secaoId: input.secaoId,
    conteudo: input.conteudo,
    status: input.status,
    visibilidade: input.visibilidade,
    autorId: user.id,
    ...(input.ordem !== undefined ? { ordem: input.ordem } : {}),
    // The first publication's date stays; back to draft clears it.
    publicadoEm: input.status === 'publicado' ? (atual?.publicadoEm ?? agora) : null,
  };
  const salvo = await gravando(() =>
    withTransaction(db, async (tx) => {
      const [row] = atual
        ? await tx
            .update(documentos)
            .set({ ...valores, updatedAt: agora })
            .where(eq(documentos.id, atual.id))
            .returning()
        : await tx
            .insert(documentos)
            .values({ accountId: user.accountId, ...valores })
            .returning();
      await guardarVersao(tx, row!, user.id);
      return row!;
    }),
  );
  mudouConta(user.accountId);
  return obterDocumento(db, user.accountId, origem, salvo.id);
}

export async function excluirDocumento(db: Db, accountId: string, id: string): Promise<void> {
  await documentoDaConta(db, accountId, id);
  await db.delete(documentos).where(eq(documentos.id, id));
  mudouConta(accountId);
}

export async function listarVersoes(db: Db, accountId: string, id: string): Promise<TVersao[]> {
  await documentoDaConta(db, accountId, id);
  const rows = await db
    .select({ v: documentoVersoes, autorNome: users.nome })
    .from(documentoVersoes)
    .leftJoin(users, eq(users.id, documentoVersoes.autorId))
    .where(eq(documentoVersoes.documentoId, id))
    .orderBy(desc(documentoVersoes.numero));
  return rows.map((r) => presentVersao(r.v, r.autorNome));
}

/**
 * Brings back a version's title and text as a new save (a version of its own); the document keeps its current
 * status and visibility, so restoring never publishes or hides it by surprise.
 */
export async function restaurarVersao(db: Db, user: TSessionUser, origem: string, id: string, versaoId: string): Promise<TDocumento> {
  const { d } = await documentoDaConta(db, user.accountId, id);
  const [v] = await db
    .select()
    .from(documentoVersoes)
    .where(and(eq(documentoVersoes.id, versaoId), eq(documentoVersoes.documentoId, d.id)));
  if (!v) throw new NotFound(T.versaoNaoEncontrada);
  return salvarDocumento(
    db,
    user,
    origem,
    { titulo: v.titulo, slug: d.slug, secaoId: d.secaoId, conteudo: v.conteudo, status: d.status, visibilidade: d.visibilidade },
    d.id,
  );
}

/** Counts an answer to "Este artigo ajudou?" on a public document. */
export async function votar(db: Db, documentoId: string, util: boolean): Promise<void> {
  await db
    .update(documentos)
    .set(util ? { votosSim: sql`${documentos.votosSim} + 1` } : { votosNao: sql`${documentos.votosNao} + 1` })
    .where(eq(documentos.id, documentoId));
}
