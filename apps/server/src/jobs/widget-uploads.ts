import { and, asc, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { UPLOAD_GRACE_MINUTES } from '@balcao/shared/widget';
import { widgetUploads } from '../db/schema/widget-uploads';
import type { Db } from '../lib/db';
import type { Storage } from '../lib/storage';
import { isStoredUpload, uploadKeyOf } from '../lib/uploads';
import { WIDGET_UPLOAD_KIND } from '../channels/widget/uploads';

const BATCH = 500;
/** Records of deleted files are kept this long: the visitor's 24-hour byte cap still counts them. */
const KEEP_REMOVED_MS = 48 * 60 * 60 * 1000;

/**
 * Deletes the files visitors uploaded but no message used within the grace period. Safe with several
 * instances: each batch locks its rows with FOR UPDATE SKIP LOCKED, so two runs never take the same file, and
 * a message attaching an upload at that moment either marks it used first (kept) or finds it gone (400).
 * Answers how many files it removed.
 */
export async function cleanupWidgetUploads(db: Db, storage: Storage, opts: { now?: Date; graceMinutes?: number } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - (opts.graceMinutes ?? UPLOAD_GRACE_MINUTES) * 60_000);
  let removed = 0;
  for (;;) {
    const batch = db
      .select({ id: widgetUploads.id })
      .from(widgetUploads)
      .where(and(isNull(widgetUploads.usadoEm), isNull(widgetUploads.removidoEm), lt(widgetUploads.createdAt, cutoff)))
      .orderBy(asc(widgetUploads.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(widgetUploads)
      .set({ removidoEm: now })
      .where(inArray(widgetUploads.id, batch))
      .returning({ url: widgetUploads.url });
    for (const { url } of rows) {
      if (isStoredUpload(url, WIDGET_UPLOAD_KIND)) await storage.delete(uploadKeyOf(url)!);
    }
    removed += rows.length;
    if (rows.length < BATCH) break;
  }
  await db
    .delete(widgetUploads)
    .where(and(isNotNull(widgetUploads.removidoEm), lt(widgetUploads.createdAt, new Date(now.getTime() - KEEP_REMOVED_MS))));
  return removed;
}
