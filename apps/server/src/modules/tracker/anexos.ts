import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NOME_ARQUIVO_MAX } from '@balcao/shared/chat-interno';
import { ANEXOS_POR_TAREFA_MAX, TRACKER_TEXTS as T, tarefaAnexosKind, type TAnexo } from '@balcao/shared/tracker';
import { tarefaAnexos, type TarefaAnexoRow } from '../../db/schema/tracker';
import { type Db, withTransaction } from '../../lib/db';
import { Conflict, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import type { Storage } from '../../lib/storage';
import { storeUpload, uploadKeyOf } from '../../lib/uploads';
import { authorize } from './policy';
import { nomesDe, pessoaRef } from './presenter';
import { tarefaDaConta } from './queries';
import { registrar, type TrackerDeps } from './service';

/** A file already read and checked by content and size (lib/uploads readCheckedFile). */
type Conferido = { buffer: Buffer; mime: string; ext: string; filename: string };

const presentAnexo = (r: TarefaAnexoRow, nomes: Map<string, string>): TAnexo => ({
  id: r.id,
  nome: r.nome,
  tamanho: r.tamanho,
  mimeType: r.mimeType,
  url: r.url,
  autor: pessoaRef(nomes, r.autorId),
  criadoEm: r.createdAt.toISOString(),
});

async function listar(db: Db, accountId: string, tarefaId: string): Promise<TAnexo[]> {
  const rows = await db
    .select()
    .from(tarefaAnexos)
    .where(and(eq(tarefaAnexos.tarefaId, tarefaId), eq(tarefaAnexos.accountId, accountId)))
    .orderBy(asc(tarefaAnexos.createdAt), asc(tarefaAnexos.id));
  const nomes = await nomesDe(
    db,
    accountId,
    rows.flatMap((r) => (r.autorId ? [r.autorId] : [])),
  );
  return rows.map((r) => presentAnexo(r, nomes));
}

/** GET /tarefas/{id}/anexos: oldest first, as they were added. */
export async function anexosDe(db: Db, u: TSessionUser, tarefaId: string): Promise<TAnexo[]> {
  await tarefaDaConta(db, u.accountId, tarefaId);
  return listar(db, u.accountId, tarefaId);
}

/** Before the upload's bytes are read: the task is this account's and has room for one more file. */
export async function podeAnexar(db: Db, u: TSessionUser, tarefaId: string): Promise<void> {
  await tarefaDaConta(db, u.accountId, tarefaId);
  const [n] = await db.select({ n: count() }).from(tarefaAnexos).where(eq(tarefaAnexos.tarefaId, tarefaId));
  if ((n?.n ?? 0) >= ANEXOS_POR_TAREFA_MAX) throw new Conflict(T.anexosDemais);
}

/** The name shown and offered on download: the last part of what the browser sent, without control characters. */
function nomeDoArquivo(enviado: string, ext: string): string {
  const nome = (enviado.split(/[/\\]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, NOME_ARQUIVO_MAX);
  return nome || `arquivo.${ext}`;
}

/** POST /tarefas/{id}/anexos: stores the file under a random name in the account's folder, logs it, tells the others. */
export async function anexar(d: TrackerDeps, storage: Storage, u: TSessionUser, tarefaId: string, file: Conferido): Promise<TAnexo> {
  await tarefaDaConta(d.db, u.accountId, tarefaId);
  const url = await storeUpload(storage, tarefaAnexosKind(u.accountId), file.buffer, file.ext);
  const nome = nomeDoArquivo(file.filename, file.ext);
  let row: TarefaAnexoRow;
  try {
    row = await withTransaction(d.db, async (tx) => {
      const [r] = await tx
        .insert(tarefaAnexos)
        .values({ accountId: u.accountId, tarefaId, autorId: u.id, nome, tamanho: file.buffer.length, mimeType: file.mime, url })
        .returning();
      await registrar(tx, u.accountId, tarefaId, u.id, 'anexo', { nome });
      return r!;
    });
  } catch (err) {
    // No row points at the stored bytes (the task went meanwhile): they go too; the first error is the one told.
    await storage.delete(uploadKeyOf(url)!).catch(() => undefined);
    throw err;
  }
  const anexos = await listar(d.db, u.accountId, tarefaId);
  d.events.anexos(u.accountId, tarefaId, anexos);
  return anexos.find((a) => a.id === row.id) ?? presentAnexo(row, await nomesDe(d.db, u.accountId, [u.id]));
}

/** DELETE /tarefas/{id}/anexos/{anexoId}: by whoever sent it or an admin; answers the stored file's URL to delete. */
export async function removerAnexo(d: TrackerDeps, u: TSessionUser, tarefaId: string, anexoId: string): Promise<string> {
  await tarefaDaConta(d.db, u.accountId, tarefaId);
  const [row] = await d.db
    .select()
    .from(tarefaAnexos)
    .where(and(eq(tarefaAnexos.id, anexoId), eq(tarefaAnexos.tarefaId, tarefaId), eq(tarefaAnexos.accountId, u.accountId)));
  if (!row) throw new NotFound(T.anexoNaoEncontrado);
  authorize(u, 'removerAnexo', row);
  await withTransaction(d.db, async (tx) => {
    await tx.delete(tarefaAnexos).where(eq(tarefaAnexos.id, anexoId));
    await registrar(tx, u.accountId, tarefaId, u.id, 'anexoRemovido', { nome: row.nome });
  });
  d.events.anexos(u.accountId, tarefaId, await listar(d.db, u.accountId, tarefaId));
  return row.url;
}

/** The stored files of a task (read before it is deleted: its rows go with it). */
export async function arquivosDaTarefa(db: Db, accountId: string, tarefaId: string): Promise<string[]> {
  const rows = await db
    .select({ url: tarefaAnexos.url })
    .from(tarefaAnexos)
    .where(and(eq(tarefaAnexos.tarefaId, tarefaId), eq(tarefaAnexos.accountId, accountId)));
  return rows.map((r) => r.url);
}

/**
 * Deletes stored files whose rows are gone. The rows are the truth: a file the storage fails to delete is only
 * unreachable bytes under a random name, so it is logged, not turned into an error for the person.
 */
export async function apagarArquivos(storage: Storage, urls: string[], log: FastifyBaseLogger): Promise<void> {
  for (const url of urls) {
    const key = uploadKeyOf(url);
    if (key) await storage.delete(key).catch((err: unknown) => log.warn({ err, url }, 'anexo de tarefa não apagado do armazenamento'));
  }
}
