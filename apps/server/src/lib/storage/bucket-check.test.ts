import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../test/s3-server';
import { openStorage } from './index';
import { BucketUnreachableError } from './s3';

const SERVER_SRC = fileURLToPath(new URL('../..', import.meta.url));
const ROOT = path.resolve(SERVER_SRC, '../../..');

/** A port nothing listens on (taken, then let go). */
async function closedPort() {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

describe('the bucket of S3_BUCKET is checked at start (HeadBucket)', () => {
  let s3: LocalS3;
  let dir: string;
  beforeAll(async () => {
    s3 = await startLocalS3();
    dir = mkdtempSync(path.join(tmpdir(), 'balcao-bucket-'));
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens the bucket that answers', async () => {
    const storage = await openStorage(dir, s3.config);
    expect(storage.kind).toBe('s3');
  });

  it('names the bucket, its endpoint and why: a bucket that does not exist, a service that does not answer', async () => {
    const missing = await openStorage(dir, { ...s3.config, bucket: 'nao-existe' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(BucketUnreachableError);
    expect((missing as Error).message).toBe(
      `Não foi possível usar o bucket S3 "nao-existe" em ${s3.config.endpoint}: o bucket não existe. ` +
        'Confira S3_BUCKET, S3_ENDPOINT, S3_REGION e as chaves, ou remova S3_BUCKET para guardar os arquivos no disco.',
    );
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const away = await openStorage(dir, { ...s3.config, endpoint }).catch((e: unknown) => e);
    expect(away).toBeInstanceOf(BucketUnreachableError);
    expect((away as Error).message).toMatch(new RegExp(`^Não foi possível usar o bucket S3 "balcao" em ${endpoint}: sem conexão`));
  });

  it('stops the server before it listens with that one line, no stack trace', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      S3_BUCKET: 'balcao',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_SRC, 'main.ts')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Não foi possível usar o bucket S3 "balcao" em ${endpoint}: sem conexão`)),
    ]);
  }, 120_000);
});
