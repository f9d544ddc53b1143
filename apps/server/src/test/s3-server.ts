import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../lib/storage/s3';

export type LocalS3 = { config: S3Config; directory: string; close: () => Promise<void> };

/**
 * A real S3-compatible server (s3rver, from npm) on a free port over a temporary folder, with one empty bucket:
 * the bucket the storage tests and the serving tests talk to through the AWS SDK.
 */
export async function startLocalS3(bucket = 'balcao'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'balcao-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
