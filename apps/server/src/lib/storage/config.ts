import { z } from 'zod';
import type { S3Config } from './s3';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** S3_*: uploads in a bucket instead of DATA_DIR/uploads (docs/operacao.md, "Arquivos enviados em S3"). */
export const ZStorageEnvFields = {
  /** The bucket (S3's naming rules); set, every upload goes there. */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'use de 3 a 63 letras minúsculas, números, pontos ou hífens (a regra de nomes do S3)')
    .optional(),
  /** Another S3-compatible service (MinIO, Ceph, R2); unset, AWS's endpoint for the region. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).optional(),
  S3_REGION: z.string().trim().min(1, 'não pode ser vazia').default('us-east-1'),
  /** Both or neither: without them, the AWS SDK's own chain (instance role, AWS_* variables, ~/.aws). */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** `true` for services that answer at endpoint/bucket rather than bucket.endpoint (MinIO, Ceph). */
  S3_FORCE_PATH_STYLE: bool.default(false),
};
const ZStorageEnv = z.object(ZStorageEnvFields);
type TStorageEnv = z.infer<typeof ZStorageEnv>;

const DEPENDS_ON_BUCKET = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 variables make sense together: the keys come in pairs, and none of them without a bucket. */
export function checkStorageEnv(env: Partial<TStorageEnv>, ctx: z.RefinementCtx): void {
  const issue = (name: keyof TStorageEnv, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (!env.S3_BUCKET) {
    for (const name of DEPENDS_ON_BUCKET) if (env[name] !== undefined) issue(name, 'só vale com S3_BUCKET definido');
    return;
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined))
    issue(
      env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
      'defina S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas',
    );
}

/** The bucket's settings, or null for the embedded default (the disk). */
export function s3ConfigOf(env: TStorageEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}
