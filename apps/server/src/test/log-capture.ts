import { Writable } from 'node:stream';
import { buildApp } from '../app';
import type { TestApp } from './harness';

/** A second app on the test app's context whose log lines are kept, to read what reached the log. */
export async function appWithLog(t: TestApp) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp(t.ctx, { logger: { level: 'info', stream }, ping: t.database.ping });
  await app.ready();
  return { app, log: () => lines.join('') };
}
