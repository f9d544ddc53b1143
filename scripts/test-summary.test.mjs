// The closing line of `npm test`: a suite that failed without a failing test, or never ran,
// is a failure; "0 failed" only when every step ran and passed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STEPS, stepFile } from './test-steps.mjs';
import { summarize } from './test-summary.mjs';

const dirs = [];
/** A results directory holding the given step records and Vitest reports. */
function results({ steps = {}, reports = {} }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'balcao-summary-'));
  dirs.push(dir);
  for (const [name, exitCode] of Object.entries(steps)) writeFileSync(stepFile(name, dir), JSON.stringify({ step: name, exitCode }));
  for (const [file, report] of Object.entries(reports)) writeFileSync(path.join(dir, file), JSON.stringify(report));
  return dir;
}
const report = (passed, failed, success = failed === 0) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numTotalTests: passed + failed,
  success,
});
const allRan = { typecheck: 0, lint: 0, unit: 0, e2e: 0 };

describe('npm test closing line', () => {
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('counts tests one by one and typecheck and lint as one each when everything passed', () => {
    expect(STEPS.map((s) => s.name)).toEqual(['typecheck', 'lint', 'unit', 'e2e']);
    const dir = results({ steps: allRan, reports: { 'vitest.json': report(409, 0), 'e2e.json': report(30, 0) } });
    expect(summarize(dir).line).toBe('441 passed, 0 failed');
  });

  it('a unit suite whose tests all passed but which exited 1 (unhandled errors) counts as a failure, and e2e never ran', () => {
    // The run of issue 7: 409 passed, "2 unhandled errors", exit 1, so the e2e step never started.
    const dir = results({ steps: { typecheck: 0, lint: 0, unit: 1 }, reports: { 'vitest.json': report(409, 0, false) } });
    const { line, failed, notes } = summarize(dir);
    expect(line).toBe('411 passed, 2 failed');
    expect(failed).toBe(2);
    expect(notes).toContain('e2e: não executado');
  });

  it('failing tests count as they are; a step without its record or with an empty report counts as failed', () => {
    expect(summarize(results({ steps: allRan, reports: { 'vitest.json': report(400, 3), 'e2e.json': report(30, 0) } })).line).toBe(
      '432 passed, 3 failed',
    );
    expect(summarize(results({ steps: allRan, reports: { 'vitest.json': report(409, 0), 'e2e.json': report(0, 0) } })).failed).toBe(1);
    expect(summarize(results({ steps: { ...allRan, lint: 1 }, reports: {} })).failed).toBeGreaterThanOrEqual(3);
    expect(summarize(results({})).line).toBe('0 passed, 4 failed');
  });
});
