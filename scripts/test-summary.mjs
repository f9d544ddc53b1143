// The one closing line CI reads: "N passed, M failed", summed over the steps of `npm test`
// (scripts/test-steps.mjs). Tests of the Vitest reports count one by one; typecheck and lint count as one
// each. A step that failed without a failing test (an unhandled error, a crash, a build error), or that
// never ran (no record), counts as one failure: the line can never say "0 failed" when something did not pass.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { RESULTS_DIR, STEPS, stepFile } from './test-steps.mjs';

const readJson = (file) => {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
};

/** The closing line from the records in `dir` (`.test-results`; a test reads records of its own). */
export function summarize(dir = RESULTS_DIR) {
  let passed = 0;
  let failed = 0;
  const notes = [];
  for (const step of STEPS) {
    const record = readJson(stepFile(step.name, dir));
    const ran = record !== null;
    const ok = ran && record.exitCode === 0;
    if (!step.report) {
      if (ok) passed += 1;
      else failed += 1;
      notes.push(`${step.name}: ${!ran ? 'não executado' : ok ? 'ok' : `falhou (código ${record.exitCode})`}`);
      continue;
    }
    const report = ran ? readJson(`${dir}/${step.report}`) : null;
    const p = report?.numPassedTests ?? 0;
    const f = report?.numFailedTests ?? 0;
    passed += p;
    failed += f;
    // Exit code, report and its own verdict must all agree that the suite passed and ran something.
    const clean = ok && report !== null && report.success !== false && (report.numTotalTests ?? 0) > 0;
    if (!clean && f === 0) failed += 1;
    notes.push(
      `${step.name}: ${!ran ? 'não executado' : `${p} passaram, ${f} falharam${clean ? '' : ok ? ' (relatório ausente ou vazio)' : ` (saiu com código ${record.exitCode})`}`}`,
    );
  }
  return { passed, failed, notes, line: `${passed} passed, ${failed} failed` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { notes, line, failed } = summarize();
  for (const n of notes) console.log(n);
  console.log(line);
  process.exit(failed > 0 ? 1 : 0);
}
