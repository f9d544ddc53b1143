// `npm test`: runs every step of scripts/test-steps.mjs in order, stops at the first that fails, records each
// step's exit code, then prints the closing line "N passed, M failed" and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { RESULTS_DIR, STEPS, stepFile } from './test-steps.mjs';
import { summarize } from './test-summary.mjs';

rmSync(RESULTS_DIR, { recursive: true, force: true });
mkdirSync(RESULTS_DIR, { recursive: true });
const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts ?? {};

for (const step of STEPS) {
  if (!scripts[step.script]) {
    console.error(`\n== ${step.name}: o script "npm run ${step.script}" não existe; a etapa conta como falha`);
    break;
  }
  console.log(`\n== ${step.name} (npm run ${step.script})`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', step.script], { stdio: 'inherit', shell: process.platform === 'win32' });
  const exitCode = run.status ?? 1;
  writeFileSync(
    stepFile(step.name),
    JSON.stringify({ step: step.name, exitCode, signal: run.signal, seconds: (Date.now() - started) / 1000 }),
  );
  if (exitCode !== 0) {
    console.error(`\n== ${step.name} falhou (código ${exitCode}); as etapas seguintes não rodam`);
    break;
  }
}

const { notes, line, failed } = summarize();
console.log(`\n${notes.join('\n')}`);
console.log(line);
process.exit(failed > 0 ? 1 : 0);
