import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TMidia } from '@balcao/shared/atendimentos';
import { UPLOAD_BYTES_PER_VISITOR_PER_DAY, WIDGET_TEXTS, type TWidgetUpload } from '@balcao/shared/widget';
import type { CanalRow, VisitanteRow } from '../../db/schema/atendimentos';
import { widgetUploads, type WidgetUploadRow } from '../../db/schema/widget-uploads';
import type { Db } from '../../lib/db';
import { BadRequest, TooManyRequests } from '../../lib/errors';

export const WIDGET_UPLOAD_KIND = 'widget';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Longest file name kept (the browser's own name, shown as the download name). */
const NOME_MAX = 200;

/** Bytes this visitor uploaded in the last 24 hours, files the cleanup already deleted included. */
async function bytesToday(db: Db, visitanteId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${widgetUploads.tamanho}), 0)` })
    .from(widgetUploads)
    .where(and(eq(widgetUploads.visitanteId, visitanteId), gt(widgetUploads.createdAt, new Date(now.getTime() - DAY_MS))));
  return Number(row?.total ?? 0);
}

/** Refuses a file that would take the visitor past the daily byte cap. */
export async function checkDailyBytes(db: Db, visitanteId: string, size: number, cap = UPLOAD_BYTES_PER_VISITOR_PER_DAY) {
  if ((await bytesToday(db, visitanteId)) + size > cap) throw new TooManyRequests(WIDGET_TEXTS.limiteDiarioArquivos);
}

/** A control character or path separator never reaches a stored name; an empty one becomes "arquivo". */
const keep = (ch: string) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== '/' && ch !== '\\';
const cleanFileName = (name: string) => [...name].filter(keep).join('').trim().slice(0, NOME_MAX) || 'arquivo';

export async function recordUpload(
  db: Db,
  canal: CanalRow,
  v: VisitanteRow,
  file: { url: string; nome: string; mimeType: string; tamanho: number },
): Promise<TWidgetUpload> {
  const [row] = await db
    .insert(widgetUploads)
    .values({ accountId: canal.accountId, canalId: canal.id, visitanteId: v.id, ...file, nome: cleanFileName(file.nome) })
    .returning();
  return { id: row!.id, ...midiaOf(row!) };
}

const midiaOf = (row: WidgetUploadRow): TMidia => ({ url: row.url, mimeType: row.mimeType, filename: row.nome, size: row.tamanho });

/**
 * The media a message may carry: the upload with this id, made by this visitor on this channel and not yet
 * cleaned up. Marks it used, so the cleanup keeps it (a concurrent cleanup either sees the mark or wins and
 * this answers 400: the row lock decides).
 */
export async function useUpload(db: Db, canal: CanalRow, v: VisitanteRow, uploadId: string): Promise<TMidia> {
  const [row] = await db
    .update(widgetUploads)
    .set({ usadoEm: sql`coalesce(${widgetUploads.usadoEm}, now())` })
    .where(
      and(
        eq(widgetUploads.id, uploadId),
        eq(widgetUploads.visitanteId, v.id),
        eq(widgetUploads.canalId, canal.id),
        isNull(widgetUploads.removidoEm),
      ),
    )
    .returning();
  if (!row) throw new BadRequest(WIDGET_TEXTS.anexoNaoEncontrado);
  return midiaOf(row);
}
