import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SUBJECT_MAX, subjectProblem } from './commit-msg.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const dirs = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'balcao-hooks-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('commit-msg check', () => {
  it('takes a subject of 72 characters and refuses 73, ignoring the body and git comments', () => {
    const ok = 'a'.repeat(SUBJECT_MAX);
    expect(subjectProblem(`${ok}\n\n${'b'.repeat(300)}\n`)).toBeNull();
    expect(subjectProblem(`# Please enter the commit message\n${ok}\n`)).toBeNull();
    expect(subjectProblem(`${ok}c\n`)).toContain('73 caracteres');
  });

  it('is what git runs once prepare has pointed a checkout at .githooks', () => {
    const repo = tempDir();
    const git = (...args) =>
      spawnSync('git', ['-c', 'user.name=Teste', '-c', 'user.email=teste@balcao.local', ...args], { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/install-hooks.mjs')], { cwd: repo });
    expect(git('config', 'core.hooksPath').stdout.trim()).toBe('.githooks');
    // The checkout's own .githooks: here, this repository's.
    git('config', 'core.hooksPath', path.join(ROOT, '.githooks'));
    const long = git('commit', '-q', '--allow-empty', '-m', `Update ${'the figures of the latest run '.repeat(3)}`);
    expect(long.status).not.toBe(0);
    expect(long.stderr).toContain('no máximo 72');
    expect(git('commit', '-q', '--allow-empty', '-m', 'Add the commit-msg check', '-m', 'Why.').status).toBe(0);
  });

  it('prepare does nothing and succeeds outside a git checkout', () => {
    const dir = tempDir();
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/install-hooks.mjs')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(dir) },
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
