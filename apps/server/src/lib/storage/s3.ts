import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { resolveRange } from './disk';
import { RangeNotSatisfiable, type Storage, type StoredInfo } from './types';

export type S3Config = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);

const rangeHeader = (range: { start: number; end?: number }) => `bytes=${range.start}-${range.end ?? ''}`;

/**
 * Checksums are sent and checked only where S3 requires them: the SDK's newer default (CRC32 on every PUT) is
 * refused by some S3-compatible servers.
 */
const clientOf = (config: S3Config, extra: { maxAttempts?: number } = {}) =>
  new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...extra,
  });

/** Where the bucket is looked for: the endpoint given, else AWS's for the region. */
const endpointOf = (config: S3Config) => config.endpoint ?? `https://s3.${config.region}.amazonaws.com`;

/** The bucket of S3_BUCKET cannot be reached at start: said in one line, for the operator, without a stack trace. */
export class BucketUnreachableError extends Error {
  readonly code = 'S3_BUCKET_UNREACHABLE';
}

/** How long the start waits for the bucket's answer. */
const HEAD_BUCKET_TIMEOUT_MS = 10_000;

/** Why a HeadBucket failed, in Portuguese: the bucket missing, the keys refused, or no answer at all. */
function motivo(err: unknown): string {
  const status = statusOf(err);
  if (status === 404) return 'o bucket não existe';
  if (status === 401 || status === 403) return 'acesso negado (confira S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY)';
  if (status) return `o serviço respondeu HTTP ${status}`;
  if (err instanceof Error && err.name === 'AbortError') return `sem resposta em ${HEAD_BUCKET_TIMEOUT_MS / 1000} s`;
  const code = (err as { code?: string } | null)?.code;
  return `sem conexão${code ? ` (${code})` : ''}`;
}

/** HeadBucket once: the server starts only with a bucket it can use (else BucketUnreachableError). */
export async function assertBucketReachable(config: S3Config): Promise<void> {
  const client = clientOf(config, { maxAttempts: 1 });
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }), { abortSignal: AbortSignal.timeout(HEAD_BUCKET_TIMEOUT_MS) });
  } catch (err) {
    throw new BucketUnreachableError(
      `Não foi possível usar o bucket S3 "${config.bucket}" em ${endpointOf(config)}: ${motivo(err)}. ` +
        'Confira S3_BUCKET, S3_ENDPOINT, S3_REGION e as chaves, ou remova S3_BUCKET para guardar os arquivos no disco.',
    );
  } finally {
    client.destroy();
  }
}

/** Uploads in an S3-compatible bucket (AWS, MinIO, Ceph, R2), shared by every instance. */
export function s3Storage(config: S3Config): Storage {
  const client = clientOf(config);
  const Bucket = config.bucket;
  const head = async (key: string): Promise<StoredInfo | null> => {
    try {
      const r = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        size: r.ContentLength ?? 0,
        contentType: r.ContentType ?? 'application/octet-stream',
        etag: r.ETag ?? '""',
        lastModified: r.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  };
  return {
    kind: 's3',
    where: `s3://${Bucket}`,
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    head,
    exists: async (key) => (await head(key)) !== null,
    async get(key, asked) {
      let range = asked;
      // A suffix (the last N bytes) becomes an explicit range: some S3-compatible servers read `bytes=-N` as 0-N.
      if (range && 'suffix' in range) {
        const info = await head(key);
        if (!info) return null;
        range = resolveRange(range, info.size);
      }
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: rangeHeader(range) } : {}) }));
        const total = r.ContentRange ? Number(r.ContentRange.split('/')[1]) : (r.ContentLength ?? 0);
        // The bucket answers the part it sends (206) or the whole object (200, a server that ignores ranges).
        const part = r.ContentRange ? /bytes (\d+)-(\d+)\//.exec(r.ContentRange) : null;
        const { start, end } = part ? { start: Number(part[1]), end: Number(part[2]) } : { start: 0, end: total - 1 };
        const info = {
          size: total,
          contentType: r.ContentType ?? 'application/octet-stream',
          etag: r.ETag ?? '""',
          lastModified: r.LastModified ?? new Date(0),
        };
        return { ...info, start, end, body: r.Body as Readable };
      } catch (err) {
        const status = statusOf(err);
        if (status === 404) return null;
        if (status === 416 && range) {
          const info = await head(key);
          if (!info) return null;
          resolveRange(range, info.size); // throws RangeNotSatisfiable with the size
          throw new RangeNotSatisfiable(info.size);
        }
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
