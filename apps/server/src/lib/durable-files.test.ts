import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeNewFileDurably } from './durable-files';
import { loadOrCreateSecret } from './secrets';

describe('files the database refers to', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'balcao-files-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a generated secret is written whole, owner-only, and a write a crash left half done is not read', () => {
    // What a process killed while writing the key leaves: the temporary file, never the key itself.
    writeFileSync(path.join(dir, 'channels.key.tmp'), '');
    const key = loadOrCreateSecret(dir, 'channels', undefined);
    expect(key).toMatch(/^[\w-]{64}$/);
    expect(readFileSync(path.join(dir, 'channels.key'), 'utf8')).toBe(key);
    expect(statSync(path.join(dir, 'channels.key')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['channels.key']);
    expect(loadOrCreateSecret(dir, 'channels', undefined)).toBe(key);
  });

  it('an upload is a new file, in directories made as needed: its bytes as given, and never written over another', async () => {
    const file = path.join(dir, 'uploads', 'logos', 'a.png');
    await writeNewFileDurably(file, Buffer.from([1, 2, 3]));
    expect([...readFileSync(file)]).toEqual([1, 2, 3]);
    await expect(writeNewFileDurably(file, Buffer.from([9]))).rejects.toMatchObject({ code: 'EEXIST' });
    expect([...readFileSync(file)]).toEqual([1, 2, 3]);
  });
});
