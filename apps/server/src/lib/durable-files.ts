import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';

/*
 * Files the database refers to reach the disk before what refers to them is stored: the embedded database
 * syncs every commit (db/pglite-worker.mjs), and after a power cut a stored message must not point to an
 * upload, nor an encrypted channel secret need a key, that was still in the system's cache. A new file's name
 * is an entry of its directory, so the directory is synced too.
 */

async function syncDir(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A new file (its name must not exist: uploads have random names), on the disk when this resolves, with the
 * directories it needed: each one made here is an entry of its parent, synced too.
 */
export async function writeNewFileDurably(file: string, data: Buffer) {
  const dir = path.resolve(path.dirname(file));
  // mkdir answers the first directory it made: that one and each one under it are new entries of their parents.
  const firstMade = await mkdir(dir, { recursive: true });
  if (firstMade) for (let made = dir; made.length >= firstMade.length; made = path.dirname(made)) await syncDir(path.dirname(made));
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncDir(dir);
}

/**
 * A file written whole or not at all, on the disk when this returns: written beside it, synced, then renamed
 * over it. A process killed while writing leaves the old file (or none), never an empty or partial one.
 */
export function replaceFileDurably(file: string, data: string, mode: number) {
  const temp = `${file}.tmp`;
  rmSync(temp, { force: true }); // one a crash left keeps its own mode: the file is created anew, with ours
  const fd = openSync(temp, 'wx', mode);
  try {
    writeFileSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
