import { createHmac } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waVector } from '../../test/fake-graph';
import { DB_KINDS } from '../../test/harness';
import { FAKE_WA_SECRET, newWhatsAppChannel, whatsappTestApp } from '../../test/whatsapp-channel';
import { whatsappOf } from '../../channels/registry';

const TOKEN = 'metricas-de-teste-0123456789';
/** Debian's `prometheus` package (.ci/run installs it when missing). */
const PROMTOOL = 'promtool';
/** prom-client's default gauges whose names end in _total (promtool's lint flags them; they are not ours to rename). */
const PROM_CLIENT_LINT = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];
const DEPLOY = (file: string) => fileURLToPath(new URL(`../../../../../deploy/prometheus/${file}`, import.meta.url));

/** One series' value summed over the lines whose labels include all of `labels`. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}) {
  let total = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    if (Object.entries(labels).every(([k, v]) => (m[2] ?? '').includes(`${k}="${v}"`))) total += Number(m[3]);
  }
  return total;
}

/** Every label value of a scrape, as `name=value`. */
const labelValues = (text: string) =>
  [...text.matchAll(/\{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => `${l[1]}=${l[2]}`));

describe.each(DB_KINDS)('GET /backend/metrics on %s', (kind) => {
  const s = whatsappTestApp(kind, { metricsToken: TOKEN });
  const scrape = (auth?: string) =>
    s.t.app.inject({ method: 'GET', url: '/backend/metrics', headers: auth === undefined ? {} : { authorization: auth } });

  it('answers only the bearer of METRICS_TOKEN: 401 without it or with another', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer outro-token-qualquer-123')).statusCode).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    for (const name of [
      'balcao_http_request_duration_seconds',
      'balcao_mensagens_total',
      'balcao_webhook_entregas_total',
      'balcao_outbox_pendentes',
      'balcao_outbox_mais_antiga_segundos',
      'balcao_sockets',
      'balcao_mensagens_agendadas_devidas',
      'balcao_ia_chamadas_total',
      'balcao_ia_tokens_total',
      'balcao_ia_chamada_duracao_seconds',
      'balcao_ia_primeiro_token_seconds',
      'balcao_db_consulta_duracao_seconds',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
    ])
      expect(ok.body).toContain(`# TYPE ${name} `);
    expect(seriesValue(ok.body, 'balcao_db_consulta_duracao_seconds_count', { banco: kind })).toBeGreaterThan(0);
    // The dashboard and the alerts read only series this server exposes (a renamed series breaks here).
    for (const file of [DEPLOY('alertas.yml'), fileURLToPath(new URL('../../../../../deploy/grafana/balcao.json', import.meta.url))]) {
      const used = new Set([...readFileSync(file, 'utf8').matchAll(/\b((?:balcao|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1]!));
      for (const name of used) expect(ok.body, file).toContain(`# TYPE ${name.replace(/_(bucket|count|sum)$/, '')} `);
    }
  });

  it('counts an inbound WhatsApp message, its webhook and its HTTP answer by pattern; no label carries the account', async () => {
    const { acc, canal, pnid } = await newWhatsAppChannel(s.t);
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const customer = '5541987654321';
    const v = waVector<{ entry: { changes: { value: Record<string, never> }[] }[] }>('incoming_text.json');
    const value = v.entry[0]!.changes[0]!.value as unknown as Record<string, unknown>;
    value.metadata = { display_phone_number: '15550000000', phone_number_id: pnid };
    value.contacts = [{ wa_id: customer, profile: { name: 'Cliente Segredo Metricas' } }];
    value.messages = [
      { from: customer, id: 'wamid.metricas-1', timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'oi' } },
    ];
    const raw = Buffer.from(JSON.stringify(v));
    const sig = `sha256=${createHmac('sha256', FAKE_WA_SECRET).update(raw).digest('hex')}`;
    const hook = `/backend/webhooks/whatsapp/${canal.token}`;
    const post = (signature: string) =>
      s.t.app.inject({
        method: 'POST',
        url: hook,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      });
    expect((await post(sig)).statusCode).toBe(200);
    expect((await post(`sha256=${'0'.repeat(64)}`)).statusCode).toBe(401);
    await whatsappOf(s.t.ctx).idle();

    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    const delta = (name: string, labels: Record<string, string>) => seriesValue(after, name, labels) - seriesValue(before, name, labels);
    expect(delta('balcao_mensagens_total', { canal: 'whatsapp', direcao: 'entrada', resultado: 'recebida' })).toBe(1);
    expect(delta('balcao_webhook_entregas_total', { canal: 'whatsapp', resultado: 'aceita' })).toBe(1);
    expect(delta('balcao_webhook_entregas_total', { canal: 'whatsapp', resultado: 'assinatura_invalida' })).toBe(1);
    expect(delta('balcao_entrada_ate_socket_seconds_count', { canal: 'whatsapp' })).toBe(1);
    expect(
      delta('balcao_http_request_duration_seconds_count', { rota: '/backend/webhooks/whatsapp/:token', metodo: 'POST', status: '200' }),
    ).toBe(1);

    // Bounded labels: nothing of the account, its channel, its customer or the message in any label value.
    const values = labelValues(after).join('\n');
    for (const secret of [acc.account.id, acc.account.databaseName, canal.id, canal.token, pnid, customer, 'Cliente Segredo', 'wamid'])
      expect(values).not.toContain(secret);
    for (const v of labelValues(after)) expect(v).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|\d{8,}/);
  });

  it('is a scrape promtool accepts (promtool check metrics: format and naming lint)', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    const run = spawnSync(PROMTOOL, ['check', 'metrics'], { input: body, encoding: 'utf8' });
    expect(run.error).toBeUndefined();
    // A format error fails outright; lint findings are allowed only for prom-client's own gauges named *_total.
    const findings = `${run.stdout}${run.stderr}`.split('\n').filter(Boolean);
    expect(findings.filter((l) => !PROM_CLIENT_LINT.some((name) => l.startsWith(`${name} `)))).toEqual([]);
  });
});

describe('GET /backend/metrics without METRICS_TOKEN', () => {
  const s = whatsappTestApp('pglite');
  it('answers 404, as if it did not exist', async () => {
    const r = await s.t.app.inject({ method: 'GET', url: '/backend/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(404);
  });
});

describe('promtool check rules on deploy/prometheus', () => {
  it('accepts the alert rules and the scrape configuration, and the rules fire as their unit tests say', () => {
    expect(execFileSync(PROMTOOL, ['check', 'rules', DEPLOY('alertas.yml')], { encoding: 'utf8' })).toMatch(/SUCCESS: \d+ rules found/);
    expect(execFileSync(PROMTOOL, ['check', 'config', '--syntax-only', DEPLOY('prometheus.yml')], { encoding: 'utf8' })).toContain(
      'SUCCESS',
    );
    expect(execFileSync(PROMTOOL, ['test', 'rules', DEPLOY('alertas.test.yml')], { encoding: 'utf8' })).toContain('SUCCESS');
  });
});
