// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a build, once, at build time,
// so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
// Usage: node scripts/precompress.mjs <dir-or-file>... (the widget's build), or precompress() (the web's vite.config.ts).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 256;

function* files(target) {
  if (statSync(target).isFile()) {
    yield target;
    return;
  }
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes the copies for every file under the given folders or files; returns how many files got them. */
export function precompress(targets) {
  let count = 0;
  for (const target of targets) {
    for (const file of files(target)) {
      if (/\.(?:br|gz)$/.test(file)) continue;
      // A previous build's copies must never outlive the file they were made from.
      for (const ext of ['.br', '.gz']) rmSync(file + ext, { force: true });
      if (!COMPRESSIBLE.test(file)) continue;
      const raw = readFileSync(file);
      if (raw.length < MIN_BYTES) continue;
      const br = brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      const gz = gzipSync(raw, { level: 9 });
      // Only worth serving when smaller than the original.
      if (br.length < raw.length) writeFileSync(`${file}.br`, br);
      if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      count++;
    }
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`precompress: ${precompress(process.argv.slice(2))} files with .br and .gz copies`);
}
