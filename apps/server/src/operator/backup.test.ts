import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema/accounts';
import { openPglite, type Database } from '../db/client';
import { diskStorage, s3Storage } from '../lib/storage';
import { type LocalS3, startLocalS3 } from '../test/s3-server';
import { OMITTED_NOTE } from './backup';
import { makeAccount } from '../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../test/harness';

const TOKEN = 'operador-de-teste-0123456789';
const getBackup = (t: TestApp) =>
  t.app.inject({ method: 'GET', url: '/backend/operador/backup', headers: { authorization: `Bearer ${TOKEN}` } });

describe('the operator’s backup of the embedded default, while the server runs', () => {
  let dir: string;
  let database: Database;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'balcao-data-'));
    database = await openPglite(dir);
    t = await createTestApp(
      'pglite',
      {
        operatorToken: TOKEN,
        embeddedBackup: { dataDir: dir, snapshot: database.snapshot! },
        storage: diskStorage(path.join(dir, 'uploads')),
      },
      database,
    );
  });
  afterAll(async () => {
    await t.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is DATA_DIR as a .tar.gz that opens as it is: the database as committed, the uploads and the keys', async () => {
    const { account } = await makeAccount(t.ctx.db, 'Loja do Backup');
    await t.ctx.storage.put('fotos/rosto.png', Buffer.from('imagem'), 'image/png');
    writeFileSync(path.join(dir, 'channels.key'), 'chave-dos-canais');
    // Statements go on around it: the copy is taken between two of them (plain writes: an account's password
    // hash would only add CPU while the archive is compressed).
    const meanwhile = Array.from({ length: 5 }, (_, n) =>
      t.ctx.db
        .update(accounts)
        .set({ nome: `Loja do Backup ${n}` })
        .where(eq(accounts.id, account.id)),
    );
    const r = await getBackup(t);
    await Promise.all(meanwhile);
    expect([r.statusCode, r.headers['content-type'], r.headers['content-disposition'], r.headers['cache-control']]).toEqual([
      200,
      'application/gzip',
      expect.stringMatching(/^attachment; filename="balcao-\d{4}-\d{2}-\d{2}\.tar\.gz"$/),
      'no-store',
    ]);

    // The database's staged copy is gone once the answer is sent.
    await expect.poll(() => readdirSync(tmpdir()).filter((n) => n.startsWith('balcao-backup-')), { timeout: 10_000 }).toEqual([]);

    const restored = mkdtempSync(path.join(tmpdir(), 'balcao-restaurado-'));
    try {
      writeFileSync(path.join(restored, 'copia.tar.gz'), r.rawPayload);
      await extract({ file: path.join(restored, 'copia.tar.gz'), cwd: restored });
      expect(readFileSync(path.join(restored, 'uploads', 'fotos', 'rosto.png'), 'utf8')).toBe('imagem');
      expect(readFileSync(path.join(restored, 'channels.key'), 'utf8')).toBe('chave-dos-canais');
      rmSync(path.join(restored, 'copia.tar.gz'));
      const copy = await openPglite(restored);
      try {
        const [row] = await copy.db.select().from(accounts).where(eq(accounts.id, account.id));
        expect(row?.nome).toMatch(/^Loja do Backup( \d)?$/);
        // It takes writes.
        await copy.db.update(accounts).set({ nome: 'Depois de restaurado' }).where(eq(accounts.id, account.id));
      } finally {
        await copy.close();
      }
    } finally {
      rmSync(restored, { recursive: true, force: true });
    }
  });
});

describe.each(DB_KINDS.filter((k) => k === 'postgres'))('the operator’s backup on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { operatorToken: TOKEN });
  });
  afterAll(() => t.close());

  it('answers 409 with what to do instead (pg_dump and the uploads)', async () => {
    const r = await getBackup(t);
    expect([r.statusCode, r.json()]).toEqual([
      409,
      { message: 'Com PostgreSQL, faça o backup do banco com pg_dump e copie a pasta uploads.', code: 'CONFLICT' },
    ]);
  });
});

describe('the operator’s backup with the uploads in a bucket', () => {
  let dir: string;
  let database: Database;
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'balcao-data-'));
    database = await openPglite(dir);
    s3 = await startLocalS3();
    const storage = s3Storage(s3.config);
    t = await createTestApp(
      'pglite',
      { operatorToken: TOKEN, embeddedBackup: { dataDir: dir, snapshot: database.snapshot! }, storage },
      database,
    );
  });
  afterAll(async () => {
    await t.close();
    await database.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says, in its answer and in the archive, that the uploads are not in it', async () => {
    await t.ctx.storage.put('fotos/rosto.png', Buffer.from('imagem'), 'image/png');
    const r = await getBackup(t);
    expect([r.statusCode, r.headers['x-backup-nao-inclui']]).toEqual([200, 'uploads; s3://balcao']);
    const restored = mkdtempSync(path.join(tmpdir(), 'balcao-restaurado-'));
    try {
      writeFileSync(path.join(restored, 'copia.tar.gz'), r.rawPayload);
      await extract({ file: path.join(restored, 'copia.tar.gz'), cwd: restored });
      expect(readdirSync(restored).sort()).toEqual([OMITTED_NOTE, 'copia.tar.gz', 'pgdata']);
      expect(readFileSync(path.join(restored, OMITTED_NOTE), 'utf8')).toBe(
        'Este backup não inclui os arquivos enviados (fotos, anexos, logos): eles ficam no bucket s3://balcao. ' +
          'Copie o bucket com as ferramentas do provedor (por exemplo, aws s3 sync).\n',
      );
    } finally {
      rmSync(restored, { recursive: true, force: true });
    }
  });

  it.each(DB_KINDS.filter((k) => k === 'postgres'))('on %s, the 409 says where the uploads are', async (kind) => {
    const pg = await createTestApp(kind, { operatorToken: TOKEN, storage: t.ctx.storage });
    try {
      const r = await getBackup(pg);
      expect([r.statusCode, r.json().message]).toEqual([
        409,
        'Com PostgreSQL, faça o backup do banco com pg_dump. Este backup não inclui os arquivos enviados (fotos, anexos, logos): ' +
          'eles ficam no bucket s3://balcao. Copie o bucket com as ferramentas do provedor (por exemplo, aws s3 sync).',
      ]);
    } finally {
      await pg.close();
    }
  });
});
