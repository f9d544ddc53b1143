// npm run bench: every benchmark, each printing its figures; exits non-zero when a gated budget is exceeded.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
let failed = false;
for (const file of readdirSync('bench')
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .sort()) {
  console.log(`\n# ${file}`);
  const r = spawnSync(process.execPath, [`bench/${file}`], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
