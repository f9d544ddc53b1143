// An upload's round trip on each storage: POST a profile photo, then GET its URL, one after the other, on the
// embedded default's disk (DATA_DIR/uploads) and on an S3 bucket (s3rver, a local S3-compatible server from
// npm, over its own temporary folder). Same server, same database kind (BENCH_DB), same pictures.
// BENCH_UPLOAD_RUNS (default 200) per size and storage; sizes 100 KB and 1 MB (real PNGs, sharp's noise).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, load, login, now, round, startServer, summary, writeResult } from './lib.mjs';

const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 200);
const SIZES = { '100KB': 100 * 1024, '1MB': 1024 * 1024 };

/** A PNG of noise about `bytes` long (noise does not compress: the file is as large as its pixels). */
async function picture(bytes) {
  const { default: sharp } = await load('sharp');
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

async function measure(base, png) {
  const token = await login(base, 'admin@demo.local');
  const post = [];
  const get = [];
  const both = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const form = new FormData();
    form.append('foto', new Blob([png], { type: 'image/png' }), 'foto.png');
    const t0 = now();
    const up = await fetch(`${base}/backend/Usuario/UploadFotoPerfil`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const { url } = await up.json();
    const t1 = now();
    const res = await fetch(base + url);
    const body = Buffer.from(await res.arrayBuffer());
    const t2 = now();
    if (res.status !== 200 || body.length !== png.length) throw new Error(`GET ${url}: ${res.status}, ${body.length} bytes`);
    if (i < 5) continue; // warm-up: connections, JIT, the first object of the bucket
    post.push(t1 - t0);
    get.push(t2 - t1);
    both.push(t2 - t0);
  }
  return { post: summary(post), get: summary(get), roundTrip: summary(both) };
}

const { default: S3rver } = await load('s3rver');
const s3dir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-s3-'));
const s3port = await freePort();
const s3 = new S3rver({ address: '127.0.0.1', port: s3port, directory: s3dir, silent: true, configureBuckets: [{ name: 'balcao' }] });
await s3.run();
const S3_ENV = {
  S3_BUCKET: 'balcao',
  S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
const out = { runs: RUNS, bySize: {} };
try {
  const pictures = Object.fromEntries(await Promise.all(Object.entries(SIZES).map(async ([k, n]) => [k, await picture(n)])));
  for (const [storage, env] of [
    ['disk', {}],
    ['s3', S3_ENV],
  ]) {
    const server = await startServer({ env });
    out.database = server.database;
    try {
      for (const [size, png] of Object.entries(pictures)) {
        const r = await measure(server.base, png);
        out.bySize[size] = { bytes: png.length, ...out.bySize[size], [storage]: r };
        console.log(
          `${storage} ${size}: round trip p50 ${r.roundTrip.p50Ms} p99 ${r.roundTrip.p99Ms} ms (POST p50 ${r.post.p50Ms}, GET p50 ${r.get.p50Ms})`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  for (const v of Object.values(out.bySize))
    v.s3OverDisk = {
      roundTripP50: round(v.s3?.roundTrip.p50Ms / v.disk?.roundTrip.p50Ms, 2),
      roundTripP99: round(v.s3?.roundTrip.p99Ms / v.disk?.roundTrip.p99Ms, 2),
    };
} finally {
  await s3.close();
  rmSync(s3dir, { recursive: true, force: true });
}
writeResult(out);
