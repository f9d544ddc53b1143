// The steps of `npm test`, in order. Each one leaves `.test-results/step-<name>.json` with its exit code
// (scripts/test.mjs writes it); the Vitest steps also leave their JSON report. A step without its record
// (it failed before, was skipped or crashed) counts as failed in the closing line.
export const RESULTS_DIR = '.test-results';

/** @type {{ name: string; script: string; report?: string }[]} */
export const STEPS = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'unit', script: 'test:unit', report: 'vitest.json' },
  // Debian's Chromium for the e2e step: installed when possible, else one line saying what to do.
  { name: 'machine', script: 'test:machine' },
  { name: 'e2e', script: 'test:e2e', report: 'e2e.json' },
];

export const stepFile = (name, dir = RESULTS_DIR) => `${dir}/step-${name}.json`;
