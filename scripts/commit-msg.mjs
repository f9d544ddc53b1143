// The commit-msg hook (.githooks/commit-msg, installed by `npm ci`'s prepare script): refuses a subject over
// SUBJECT_MAX characters, so that `git log --oneline` stays readable; the why goes in the body.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const SUBJECT_MAX = 72;

/** What is wrong with a commit message's subject (its first line that is not a git comment), or null. */
export function subjectProblem(message) {
  const subject = message.split('\n').find((line) => !line.startsWith('#')) ?? '';
  if (subject.length <= SUBJECT_MAX) return null;
  return `O assunto do commit tem ${subject.length} caracteres (no máximo ${SUBJECT_MAX}). Resuma-o numa linha no imperativo; o porquê vai no corpo, depois de uma linha em branco.`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problem = subjectProblem(readFileSync(process.argv[2], 'utf8'));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
