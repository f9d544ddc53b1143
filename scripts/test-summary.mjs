// Sums every suite's JSON report in .test-results/ into the one closing line CI reads: "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dir = '.test-results';
let passed = 0;
let failed = 0;
for (const f of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.json')) : []) {
  const r = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.success === false && !r.numFailedTests ? 1 : 0);
}
if (passed + failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
