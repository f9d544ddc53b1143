import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { create } from 'tar';

/** The keys the server generates under DATA_DIR when JWT_SECRET / CHANNEL_SECRET_KEY are not set (lib/secrets.ts). */
const GENERATED_KEYS = ['jwt.key', 'channels.key'];

/** What the embedded default gives the operator's backup: its data directory and a consistent copy of its database. */
export type EmbeddedBackup = { dataDir: string; snapshot: (to: string) => Promise<void> };

/**
 * DATA_DIR as a .tar.gz while the server runs, under its own names, so that restoring it is extracting it into
 * an empty DATA_DIR: `pgdata` (the database, copied between statements after a checkpoint: db/pglite-worker.mjs
 * `snapshot`), `uploads` (files written once and never changed, read as they are) and the generated keys
 * (the channels' secrets cannot be read without `channels.key`). The database's copy is staged in the system's
 * temporary directory and removed when the stream ends, is aborted or fails.
 */
export async function backupStream({ dataDir, snapshot }: EmbeddedBackup): Promise<Readable> {
  const staging = mkdtempSync(path.join(tmpdir(), 'balcao-backup-'));
  const cleanup = () => rmSync(staging, { recursive: true, force: true });
  try {
    await snapshot(path.join(staging, 'pgdata'));
    const entries = ['pgdata'];
    for (const key of GENERATED_KEYS.filter((k) => existsSync(path.join(dataDir, k)))) {
      copyFileSync(path.join(dataDir, key), path.join(staging, key));
      entries.push(key);
    }
    const uploads = path.join(dataDir, 'uploads');
    if (existsSync(uploads)) {
      symlinkSync(uploads, path.join(staging, 'uploads'));
      entries.push('uploads');
    }
    const out = new PassThrough();
    pipeline(create({ gzip: true, cwd: staging, follow: true, portable: true }, entries), out, cleanup);
    return out;
  } catch (err) {
    cleanup();
    throw err;
  }
}
