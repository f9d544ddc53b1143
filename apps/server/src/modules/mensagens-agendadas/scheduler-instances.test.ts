import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeGraph } from '../../test/fake-graph';
import { throwawayPostgres } from '../../test/harness';

const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));
const TOKEN = 'EAAJBtest-access-token-0123456789';
const PNID = '1122334455667';
const CUSTOMERS = 20;
const PER_CUSTOMER = 10;
const TOTAL = CUSTOMERS * PER_CUSTOMER;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two real server processes (tsx, no build) on one PostgreSQL database, each running the scheduler every
 * 5 s: 200 scheduled messages falling due at the same second reach WhatsApp (the fake Graph API) each
 * exactly once, and stay once after further passes of both (proven by sentinels each instance sends). PostgreSQL only: PGlite belongs to one process.
 */
describe.runIf(process.env.DATABASE_URL)('scheduled messages with two server instances on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  // One fake Graph API per instance, so that a send tells which instance's queue made it.
  const graphs: FakeGraph[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    for (const c of children)
      if (c.exitCode === null) {
        c.kill('SIGKILL');
        await once(c, 'exit');
      }
    for (const g of graphs) await g.stop();
    await drop?.();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('sends each of 200 due messages exactly once', { timeout: 300_000 }, async () => {
    for (let i = 0; i < 2; i++) graphs.push(await new FakeGraph(TOKEN, PNID).start());
    const throwaway = await throwawayPostgres();
    drop = throwaway.drop;
    const outputs: string[][] = [];
    const start = async (seed: boolean) => {
      const output: string[] = [];
      const graph = graphs[outputs.length]!;
      outputs.push(output);
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-sched-'));
      dirs.push(dataDir);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: throwaway.url,
        JWT_SECRET: 'scheduler-test-jwt-secret-0123456789abcdef',
        CHANNEL_SECRET_KEY: 'scheduler-test-channel-key-0123456789abcdef',
        WHATSAPP_GRAPH_URL: graph.baseUrl,
        LOG_LEVEL: 'info',
      };
      delete env.REDIS_URL;
      if (seed) env.SEED_DEMO = 'true';
      else delete env.SEED_DEMO;
      const c = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      c.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
      c.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
      children.push(c);
      const base = `http://127.0.0.1:${port}`;
      for (;;) {
        if (c.exitCode !== null) throw new Error(`o servidor saiu com ${c.exitCode}: ${output.join('').slice(-2000)}`);
        if (
          await fetch(`${base}/backend/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return base;
        await sleep(200);
      }
    };
    const a = await start(true);
    await start(false);

    const json = async <T>(method: string, url: string, body: unknown, token?: string) => {
      const res = await fetch(a + url, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const { token } = await json<{ token: string }>('POST', '/backend/api/auth/login', { email: 'admin@demo.local', senha: 'balcao-demo' });
    const canal = await json<{ id: string }>(
      'POST',
      '/backend/api/canais/whatsapp',
      {
        nome: 'WhatsApp',
        phoneNumberId: PNID,
        wabaId: '1234567890987654321',
        accessToken: TOKEN,
        appSecret: 'TEST_APP_SECRET',
        verifyToken: 'vibecoding',
      },
      token,
    );
    const clientes: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++)
      clientes.push(
        (
          await json<{ id: string }>(
            'POST',
            '/backend/api/clientes',
            { nome: `Cliente ${i}`, numero: `+55119${String(70000000 + i)}` },
            token,
          )
        ).id,
      );

    // All 200 fall due at the same instant, a little after they are all written: both instances find them together.
    const db = new pg.Client({ connectionString: throwaway.url });
    await db.connect();
    try {
      const criadoPor = (await db.query<{ id: string }>("select id from users where email = 'admin@demo.local'")).rows[0]!.id;
      const accountId = (await db.query<{ account_id: string }>("select account_id from users where email = 'admin@demo.local'")).rows[0]!
        .account_id;
      // Outside any reply window: each goes as the template, its one variable naming the message.
      const schedule = async (names: string[], due: Date) => {
        const values: unknown[] = [];
        const rows = names.map((name, i) => {
          const n = values.length;
          values.push(
            accountId,
            clientes[i % CUSTOMERS],
            canal.id,
            criadoPor,
            `Lembrete ${name}`,
            JSON.stringify({ nome: 'lembrete', idioma: 'pt_BR', variaveis: [name] }),
            due,
          );
          return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, '2026-01-01T08:00', '{"tipo":"unica"}', $${n + 6}::jsonb, true, $${n + 7})`;
        });
        await db.query(
          `insert into mensagens_agendadas (account_id, cliente_id, canal_id, criado_por, conteudo, data_envio, recorrencia, modelo, ativo, proximo_envio) values ${rows.join(', ')}`,
          values,
        );
      };
      await schedule(
        Array.from({ length: TOTAL }, (_, i) => `m${i}`),
        new Date(Date.now() + 3_000),
      );

      const variable = (c: { body: Record<string, unknown> | null }) =>
        (c.body as { template?: { components?: { parameters?: { text?: string }[] }[] } }).template?.components?.[0]?.parameters?.[0]?.text;
      const sentBy = (g: FakeGraph) => g.sends().map(variable).filter(Boolean) as string[];
      const sent = () => graphs.flatMap(sentBy).filter((v) => v.startsWith('m'));
      const settled = async () =>
        Number(
          (await db.query<{ n: string }>("select count(*) as n from mensagens where agendada_id is not null and status <> 'pending'"))
            .rows[0]!.n,
        );
      const deadline = Date.now() + 120_000;
      while ((sent().length < TOTAL || (await settled()) < TOTAL) && Date.now() < deadline) await sleep(500);

      // Nothing goes out again: one sentinel at a time is scheduled until each instance has run a scheduler pass
      // that sent one and its queue has delivered one, i.e. both looked at every row and message after they settled.
      const passes = (i: number) => outputs[i]!.join('').split('mensagens agendadas processadas').length - 1;
      const before = [passes(0), passes(1)];
      const ranAgain = () => [0, 1].every((i) => passes(i) > before[i]! && sentBy(graphs[i]!).some((v) => v.startsWith('s')));
      for (let k = 0; !ranAgain() && Date.now() < deadline + 60_000; k++) {
        await schedule([`s${k}`], new Date());
        while (!graphs.some((g) => sentBy(g).includes(`s${k}`)) && Date.now() < deadline + 60_000) await sleep(200);
      }
      expect(ranAgain()).toBe(true);
      const scheduled = async () => Number((await db.query<{ n: string }>('select count(*) as n from mensagens_agendadas')).rows[0]!.n);
      while ((await settled()) < (await scheduled()) && Date.now() < deadline + 60_000) await sleep(200);

      const counts = new Map<string, number>();
      for (const v of sent()) counts.set(v!, (counts.get(v!) ?? 0) + 1);
      expect(counts.size).toBe(TOTAL);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const state = await db.query<{ envios: number; proximo_envio: Date | null; ultimo_erro: string | null }>(
        'select envios, proximo_envio, ultimo_erro from mensagens_agendadas',
      );
      expect(state.rows.length).toBeGreaterThan(TOTAL);
      expect(state.rows.every((r) => r.envios === 1 && r.proximo_envio === null && r.ultimo_erro === null)).toBe(true);
      const stored = await db.query<{ n: string }>("select count(*) as n from mensagens where agendada_id is not null and status = 'sent'");
      expect(Number(stored.rows[0]!.n)).toBe(state.rows.length);
    } finally {
      await db.end();
    }
  });
});
