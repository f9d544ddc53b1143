import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('/grafana (spec part 1 §2)', () => {
  let withUrl: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withUrl = await createTestApp('pglite', { grafanaUrl: 'https://grafana.exemplo.com.br/' });
    without = await createTestApp('pglite');
  });
  afterAll(async () => {
    await withUrl.close();
    await without.close();
  });

  it('/grafana/* redirects to /grafana, which redirects to GRAFANA_URL', async () => {
    for (const t of [withUrl, without]) {
      const deep = await t.app.inject({ method: 'GET', url: '/grafana/d/abc/painel?orgId=1' });
      expect([deep.statusCode, deep.headers.location]).toEqual([302, '/grafana']);
    }
    const top = await withUrl.app.inject({ method: 'GET', url: '/grafana' });
    expect([top.statusCode, top.headers.location]).toEqual([302, 'https://grafana.exemplo.com.br/']);
  });

  it('without GRAFANA_URL, /grafana is a short page saying how to set it', async () => {
    const r = await without.app.inject({ method: 'GET', url: '/grafana' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('GRAFANA_URL');
    expect(r.body).not.toContain('<script');
  });
});
