// npm run uploads:migrate: copies DATA_DIR/uploads into the bucket of S3_BUCKET (and the other S3_* variables),
// the ones the server reads. Run it before starting the servers with S3_BUCKET; again at any time (it copies only
// what the bucket lacks), e.g. after an interruption. It exits 1 when a file could not be copied.
import path from 'node:path';
import { loadEnv } from '../env';
import { BucketUnreachableError, diskStorage, s3Storage } from '../lib/storage';
import { assertBucketReachable } from '../lib/storage/s3';
import { s3ConfigOf } from '../lib/storage/config';
import { formatProgress, formatSummary, migrateUploads } from '../lib/storage/migrate';

const env = loadEnv();
const s3 = s3ConfigOf(env);
if (!s3) {
  console.error(
    'Defina S3_BUCKET (e S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY se preciso) para copiar os arquivos para o bucket.',
  );
  process.exit(1);
}
// The same check as the server's start: one line on what is wrong, not a stack trace per file.
await assertBucketReachable(s3).catch((err: unknown) => {
  if (!(err instanceof BucketUnreachableError)) throw err;
  console.error(err.message);
  process.exit(1);
});
const from = diskStorage(path.join(env.dataDir, 'uploads'));
const to = s3Storage(s3);
console.log(`Copiando ${from.where} para ${to.where}...`);
// A terminal sees one line redrawn in place; a log file sees only the summary.
const tty = process.stdout.isTTY;
const summary = await migrateUploads(from, to, (p) => {
  if (tty) process.stdout.write(`\r${formatProgress(p)}`);
});
if (tty) process.stdout.write('\n');
console.log(formatSummary(summary));
for (const f of summary.failed) console.error(`  ${f.key}: ${f.error}`);
process.exit(summary.failed.length > 0 ? 1 : 0);
