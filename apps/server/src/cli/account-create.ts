// npm run account:create -- --nome "Loja Exemplo" --email dono@loja.com.br [--master-nome "Maria"] [--database-name loja]
//   [--servidor http://localhost:3000]   (or BALCAO_OPERATOR_URL; with OPERATOR_TOKEN, the same as the server's)
// Without --servidor it opens the database itself: PostgreSQL (DATABASE_URL) any time, the embedded one only
// while the server is stopped (the server owns DATA_DIR; the CLI then stops and says what to do).
import { parseArgs } from 'node:util';
import pino from 'pino';
import { z } from 'zod';
import { ZOperadorConta, ZOperadorContaInput, type TOperadorContaInput } from '@balcao/shared/operador';
import { configureZodPortuguese } from '@balcao/shared/zod';
import { openDatabase } from '../db/client';
import { loadEnv, type TEnv } from '../env';
import { createMailer } from '../lib/mailer';
import { configuredOrigin } from '../lib/public-origin';
import { loadOrCreateSecret } from '../lib/secrets';
import { TokenService } from '../lib/tokens';
import { presentConta } from '../modules/accounts/presenter';
import { openAccount } from '../modules/accounts/service';

const FLAGS: Record<string, string> = { nome: '--nome', email: '--email', masterNome: '--master-nome', databaseName: '--database-name' };
const ZServidor = z.url({ protocol: /^https?$/, error: 'use a URL do servidor, como http://localhost:3000' });

configureZodPortuguese();
const { values } = parseArgs({
  options: {
    nome: { type: 'string' },
    email: { type: 'string' },
    'master-nome': { type: 'string' },
    'database-name': { type: 'string' },
    servidor: { type: 'string' },
  },
});
const args = ZOperadorContaInput.safeParse({
  nome: values.nome ?? '',
  email: values.email ?? '',
  masterNome: values['master-nome'],
  databaseName: values['database-name'],
});
if (!args.success) {
  for (const i of args.error.issues) console.error(`${FLAGS[String(i.path[0])] ?? String(i.path[0] ?? '')}: ${i.message}`);
  process.exit(1);
}
const env = loadEnv();
const servidor = values.servidor ?? process.env.BALCAO_OPERATOR_URL;

const done = (conta: { nome: string; databaseName: string; master: { email: string } }, via: string) =>
  console.log(`Conta criada${via}: ${conta.nome} (databaseName "${conta.databaseName}"); credenciais enviadas para ${conta.master.email}.`);

/** The running server creates the account (POST /backend/operador/contas): one process owns the database. */
async function viaOperatorApi(url: string, input: TOperadorContaInput, token: string | undefined): Promise<void> {
  const base = ZServidor.safeParse(url);
  if (!base.success) throw new Error(`--servidor: ${base.error.issues[0]?.message}`);
  if (!token) throw new Error('Defina OPERATOR_TOKEN (o mesmo do servidor) para usar a API do operador.');
  const endpoint = `${base.data.replace(/\/+$/, '')}/backend/operador/contas`;
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch (err) {
    throw new Error(`Não foi possível falar com o servidor em ${base.data}: ${(err as Error).cause ?? (err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (res.status === 404)
    throw new Error(`A API do operador está desligada em ${base.data}: inicie o servidor com OPERATOR_TOKEN definido.`);
  if (res.status === 401) throw new Error('O OPERATOR_TOKEN informado não confere com o do servidor.');
  if (res.status !== 201) throw new Error(body?.message ?? `O servidor respondeu ${res.status}.`);
  done(ZOperadorConta.parse(body), ` pelo servidor ${base.data}`);
}

/** No server to ask: this process opens the database (refused while a server owns the embedded one). */
async function direct(env: TEnv, input: TOperadorContaInput): Promise<void> {
  const log = pino({ level: env.LOG_LEVEL === 'silent' ? 'silent' : 'info' });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    const deps = {
      db: database.db,
      mailer: createMailer(database.db, log, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
      tokens: new TokenService(loadOrCreateSecret(env.dataDir, 'jwt', env.JWT_SECRET)),
      publicUrl: configuredOrigin(env),
    };
    const { account, master } = await openAccount(deps, input);
    done(presentConta(account, master), '');
  } finally {
    await database.close();
  }
}

try {
  if (servidor) await viaOperatorApi(servidor, args.data, env.OPERATOR_TOKEN);
  else await direct(env, args.data);
} catch (err) {
  // A DataDirLockedError says what to do: stop the server, or pass --servidor.
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
