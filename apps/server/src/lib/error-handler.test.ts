import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './error-handler';

/** As Drizzle hands a driver's error on: its own error with the driver's as `cause`. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert into …'), { cause });

describe('a database failure worth a retry (503) against a failed query (500 or the caller’s own answer)', () => {
  it.each([
    ['a connection cut', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
    ['the server shutting down', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['a full disk', { code: '53100', message: 'could not extend file "base/5/16400": No space left on device' }],
    ['too many connections', { code: '53300', message: 'sorry, too many clients already' }],
    [
      'a PANIC (the backend ended with it)',
      { code: '58030', severity: 'PANIC', message: 'could not fsync file "000000010000000000000001": I/O error' },
    ],
    ['the embedded database’s thread gone', { message: 'PGlite is closed: thread ended (1)' }],
  ])('%s is unavailable', (_what, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505', severity: 'ERROR', message: 'duplicate key value violates unique constraint "t_pkey"' }],
    ['a syntax error', { code: '42601', severity: 'ERROR', message: 'syntax error at or near "selec"' }],
    ['an error that is not the database’s', new Error('boom')],
  ])('%s is not', (_what, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(false);
  });
});
