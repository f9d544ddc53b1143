// `npm ci`'s prepare step: points git at .githooks (the commit-msg check) when this is a git checkout. It never
// fails the install: outside a checkout (a tarball, a Docker build) or without git it does nothing.
import { spawnSync } from 'node:child_process';

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' });
const inside = git('rev-parse', '--is-inside-work-tree');
if (inside.status === 0 && inside.stdout.trim() === 'true') {
  const set = git('config', 'core.hooksPath', '.githooks');
  if (set.status !== 0) console.warn(`Hooks do git não instalados: ${set.stderr.trim()}`);
}
