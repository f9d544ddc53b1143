import { contentTypeOf } from './content-type';
import { readStored } from './index';
import type { Storage } from './types';

export type MigrationProgress = { done: number; total: number; bytesDone: number; bytesTotal: number };
export type MigrationSummary = {
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
  /** Bytes copied by this run (skipped files not counted). */
  bytes: number;
};

/**
 * Copies every file of `from` (the disk) into `to` (the bucket). A file already there with the same size is
 * skipped: uploads never change once written, so a second run, or one after an interruption, copies only what
 * is missing. A failure is noted and the rest goes on; a few files travel at once.
 */
export async function migrateUploads(
  from: Storage,
  to: Storage,
  onProgress: (p: MigrationProgress) => void = () => undefined,
  concurrency = 4,
): Promise<MigrationSummary> {
  const files: { key: string; size: number }[] = [];
  for await (const file of from.list()) files.push(file);
  const progress: MigrationProgress = { done: 0, total: files.length, bytesDone: 0, bytesTotal: files.reduce((n, f) => n + f.size, 0) };
  const summary: MigrationSummary = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  onProgress(progress);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      const { key, size } = files[i]!;
      try {
        if ((await to.head(key))?.size === size) summary.skipped++;
        else {
          const bytes = await readStored(from, key);
          if (!bytes) throw new Error('sumiu do disco durante a cópia');
          await to.put(key, bytes, contentTypeOf(key));
          summary.copied++;
          summary.bytes += bytes.length;
        }
      } catch (err) {
        summary.failed.push({ key, error: (err as Error).message });
      }
      progress.done++;
      progress.bytesDone += size;
      onProgress(progress);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return summary;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

/** One line of a progress bar: `[########------------]  40% 12/30 arquivos, 1,2 MB de 3,0 MB`. */
export function formatProgress(p: MigrationProgress, width = 20): string {
  const share = p.bytesTotal > 0 ? p.bytesDone / p.bytesTotal : p.total > 0 ? p.done / p.total : 1;
  const full = Math.round(share * width);
  const pct = String(Math.floor(share * 100)).padStart(3);
  return `[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${pct}% ${p.done}/${p.total} arquivos, ${mb(p.bytesDone)} de ${mb(p.bytesTotal)}`;
}

export function formatSummary(s: MigrationSummary): string {
  return `Copiados: ${s.copied} (${mb(s.bytes)}). Já estavam no bucket: ${s.skipped}. Com falha: ${s.failed.length}.`;
}
