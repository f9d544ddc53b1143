import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../db/schema/outbox';
import { ZEnv } from '../env';
import { type Running, startServer } from '../server';
import { makeAccount, TEST_PASSWORD } from '../test/factories';
import { DB_KINDS, freshDatabase } from '../test/harness';
import { configuredOrigin } from './public-origin';

const OPERATOR_TOKEN = 'operador-de-teste-0123456789';

/** A request with headers fetch() will not send as given (Host): what an attacker's client can do. */
function request(port: number, method: string, url: string, body: unknown, headers: Record<string, string>) {
  return new Promise<{ status: number; json: () => unknown }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: url, method, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: 'http://evil.example' };

describe('configuredOrigin', () => {
  it('is PUBLIC_URL without a trailing slash, or http://localhost:PORT on the embedded default', () => {
    expect(configuredOrigin({ PUBLIC_URL: 'https://atendimento.loja.com.br/', PORT: 3000 })).toBe('https://atendimento.loja.com.br');
    expect(configuredOrigin({ PORT: 3000 })).toBe('http://localhost:3000');
    expect(configuredOrigin({ PORT: 0 }, 43_210)).toBe('http://localhost:43210');
  });
});

// The README's default: no PUBLIC_URL, behind a proxy (TRUST_PROXY=true), so that the old code followed
// X-Forwarded-Host as well as Host. Every e-mailed or shown link must name the origin the server was started for.
describe.each(DB_KINDS)('links in e-mails and snippets on %s, without PUBLIC_URL', (kind) => {
  let running: Running;
  let dataDir: string;
  let port: number;
  let close: () => Promise<void>;
  // The reset e-mail may be written after the answer (sent in the background): wait for it to land.
  const lastMailTo = (to: string) =>
    vi.waitFor(
      async () => {
        const [mail] = await running.ctx.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.to, to))
          .orderBy(desc(emailOutbox.createdAt))
          .limit(1);
        if (!mail) throw new Error(`no e-mail to ${to} yet`);
        return mail.text;
      },
      { timeout: 10_000, interval: 50 },
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-origin-'));
    const database = await freshDatabase(kind);
    const env = ZEnv.parse({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', TRUST_PROXY: 'true', OPERATOR_TOKEN });
    running = await startServer({ ...env, dataDir }, { database });
    port = (running.app.server.address() as { port: number }).port;
    close = async () => {
      await running.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('e-mails the password-reset link on http://localhost:PORT whatever Host or X-Forwarded-Host says', async () => {
    const acc = await makeAccount(running.ctx.db);
    const r = await request(port, 'POST', '/backend/api/auth/forgot-password', { email: acc.master.email }, EVIL);
    expect(r.status).toBe(200);
    const text = await lastMailTo(acc.master.email);
    expect(text).not.toContain('evil.example');
    expect(text).toMatch(new RegExp(`http://localhost:${port}/resetar-senha\\?token=[\\w-]+`));
  });

  it('e-mails the operator-created master a login link on http://localhost:PORT', async () => {
    const r = await request(
      port,
      'POST',
      '/backend/operador/contas',
      { nome: 'Loja Origem', email: `origem-${kind}@teste.local` },
      {
        ...EVIL,
        authorization: `Bearer ${OPERATOR_TOKEN}`,
      },
    );
    expect(r.status).toBe(201);
    const text = await lastMailTo(`origem-${kind}@teste.local`);
    expect(text).not.toContain('evil.example');
    expect(text).toContain(`http://localhost:${port}/login`);
    expect(text).toMatch(new RegExp(`http://localhost:${port}/atendimentos\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+`));
  });

  it('e-mails an invited user the link to set a password on http://localhost:PORT', async () => {
    const acc = await makeAccount(running.ctx.db);
    const login = await request(port, 'POST', '/backend/api/auth/login', { email: acc.master.email, senha: TEST_PASSWORD }, {});
    const { token } = login.json() as { token: string };
    const email = `convidado-${kind}@teste.local`;
    const r = await request(
      port,
      'POST',
      '/backend/api/usuarios',
      { nome: 'Convidado', email, role: 'atendente', departamentoIds: [] },
      { ...EVIL, authorization: `Bearer ${token}` },
    );
    expect(r.status).toBe(201);
    const text = await lastMailTo(email);
    expect(text).not.toContain('evil.example');
    expect(text).toMatch(new RegExp(`http://localhost:${port}/resetar-senha\\?token=[\\w-]+&convite=1`));
  });

  it('shows the widget snippet with the configured origin', async () => {
    const acc = await makeAccount(running.ctx.db);
    const login = await request(port, 'POST', '/backend/api/auth/login', { email: acc.master.email, senha: TEST_PASSWORD }, {});
    const { token } = login.json() as { token: string };
    const r = await request(
      port,
      'POST',
      '/backend/api/canais/widget',
      { nome: 'Site', origensPermitidas: ['https://loja.test'] },
      {
        ...EVIL,
        authorization: `Bearer ${token}`,
      },
    );
    expect(r.status).toBe(201);
    const { snippet } = r.json() as { snippet: string };
    expect(snippet).not.toContain('evil.example');
    expect(snippet).toContain(`http://localhost:${port}/widget.js`);
  });
});
