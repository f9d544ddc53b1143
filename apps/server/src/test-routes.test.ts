import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { startServer } from './server';
import { DB_KINDS, freshDatabase } from './test/harness';

describe.each(DB_KINDS)('the product mounts no test-only route, whatever the environment says, on %s', (kind) => {
  it('WAPI_FAKE_SOCKET=true (once a switch for the fake WhatsApp Web) leaves /backend/wapi-teste unknown', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-sem-teste-'));
    const env = loadEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WAPI_FAKE_SOCKET: 'true',
    });
    const running = await startServer(env, { database: await freshDatabase(kind) });
    try {
      expect(running.app.printRoutes()).not.toContain('wapi-teste');
      for (const [method, url] of [
        ['POST', '/backend/wapi-teste/escanear'],
        ['POST', '/backend/wapi-teste/mensagem'],
        ['GET', '/backend/wapi-teste/enviadas'],
      ] as const) {
        const res = await running.app.inject({ method, url, ...(method === 'POST' ? { payload: { texto: 'oi' } } : {}) });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
