import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../test/harness';
import { appWithLog } from '../test/log-capture';

describe.each(DB_KINDS)('secrets in the log on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("masks every secret-bearing parameter and header the routes list (Meta's hub.verify_token, the PSP's secret)", async () => {
    const { app: logged, log: read } = await appWithLog(t);
    try {
      const verify = await logged.inject({
        method: 'GET',
        url: '/backend/webhooks/whatsapp/canal-qualquer?hub.mode=subscribe&hub.verify_token=VERIFY-SECRETO-1&hub.challenge=42',
      });
      expect(verify.statusCode).toBe(403);
      await logged.inject({ method: 'POST', url: '/backend/licenca/webhook/pix?segredo=PIX-SECRETO-2', payload: {} });
      logged.log.info({ req: { headers: { 'x-webhook-secret': 'PIX-SECRETO-3', 'x-visitante-token': 'VISITANTE-4' } } }, 'cabeçalhos');
      const log = read();
      expect(log).toContain('/backend/webhooks/whatsapp/canal-qualquer?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42');
      expect(log).toContain('segredo=[redacted]');
      for (const secret of ['VERIFY-SECRETO-1', 'PIX-SECRETO-2', 'PIX-SECRETO-3', 'VISITANTE-4']) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
