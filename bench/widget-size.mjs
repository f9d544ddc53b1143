// Gzip size of the embeddable widget (packages/widget/dist/widget.js) against its 50 KB budget.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const FILE = 'packages/widget/dist/widget.js';
export const BUDGET_BYTES = 50 * 1024;

export function measureWidget() {
  if (!existsSync(FILE)) return null;
  const raw = readFileSync(FILE);
  return { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = measureWidget();
  if (!size) {
    console.error(`no widget build at ${FILE}: run npm run build -w @balcao/widget first`);
    process.exit(1);
  }
  const { raw, gzip } = size;
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`widget.js: ${kb(gzip)} KB gzip (${gzip} bytes; ${kb(raw)} KB minified), budget ${kb(BUDGET_BYTES)} KB`);
  if (gzip > BUDGET_BYTES) {
    console.error(`widget.js is over budget by ${gzip - BUDGET_BYTES} bytes`);
    process.exitCode = 1;
  }
}
