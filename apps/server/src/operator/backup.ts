import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { create } from 'tar';
import { GENERATED_SECRETS, secretFile } from '../lib/secrets';
import type { Storage } from '../lib/storage';

/** The note an archive without the uploads carries, beside pgdata. */
export const OMITTED_NOTE = 'NAO-INCLUI.txt';

/**
 * What a backup of this server leaves out: the uploads, when they live in a bucket (copied with the provider's
 * own tools, or `aws s3 sync`); null when they are on this disk and go with the database.
 */
export function uploadsOmitted(storage: Storage): string | null {
  if (storage.kind !== 's3') return null;
  return `Este backup não inclui os arquivos enviados (fotos, anexos, logos): eles ficam no bucket ${storage.where}. Copie o bucket com as ferramentas do provedor (por exemplo, aws s3 sync).`;
}

/** What the embedded default gives the operator's backup: its data directory and a consistent copy of its database. */
export type EmbeddedBackup = { dataDir: string; snapshot: (to: string) => Promise<void> };

/**
 * DATA_DIR as a .tar.gz while the server runs, under its own names, so that restoring it is extracting it into
 * an empty DATA_DIR: `pgdata` (the database, copied between statements after a checkpoint: db/pglite-worker.mjs
 * `snapshot`), `uploads` (the server's uploads directory: files written once and never changed, read as they
 * are; with a bucket, a note saying they are not here instead) and the generated keys (the channels' secrets cannot be read without `channels.key`). The database's
 * copy is staged in the system's temporary directory and removed when the stream ends, is aborted or fails;
 * nothing here blocks the event loop (a staged copy can be a gigabyte).
 */
export async function backupStream({ dataDir, snapshot }: EmbeddedBackup, storage: Storage): Promise<Readable> {
  const staging = await mkdtemp(path.join(tmpdir(), 'balcao-backup-'));
  // Never rejects: it also runs as the stream's callback, where a rejection would end the process.
  const cleanup = () =>
    rm(staging, { recursive: true, force: true }).catch((err: Error) =>
      process.emitWarning(`backup: ${staging} não removido (${err.message})`),
    );
  try {
    await snapshot(path.join(staging, 'pgdata'));
    const entries = ['pgdata'];
    for (const file of GENERATED_SECRETS.map((name) => secretFile(dataDir, name)).filter((f) => existsSync(f))) {
      await copyFile(file, path.join(staging, path.basename(file)));
      entries.push(path.basename(file));
    }
    const omitted = uploadsOmitted(storage);
    if (omitted) {
      await writeFile(path.join(staging, OMITTED_NOTE), `${omitted}\n`);
      entries.push(OMITTED_NOTE);
    } else if (existsSync(storage.where)) {
      await symlink(storage.where, path.join(staging, 'uploads'));
      entries.push('uploads');
    }
    const out = new PassThrough();
    pipeline(create({ gzip: true, cwd: staging, follow: true, portable: true }, entries), out, () => void cleanup());
    return out;
  } catch (err) {
    await cleanup();
    throw err;
  }
}
