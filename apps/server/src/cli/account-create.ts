// npm run account:create -- --nome "Loja Exemplo" --email dono@loja.com.br [--master-nome "Maria"] [--database-name loja]
import { parseArgs } from 'node:util';
import pino from 'pino';
import { z } from 'zod';
import { configureZodPortuguese } from '@balcao/shared/zod';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { createMailer } from '../lib/mailer';
import { loadOrCreateSecret } from '../lib/secrets';
import { TokenService } from '../lib/tokens';
import { createAccount, generatePassword } from '../modules/accounts/service';

const ZArgs = z.object({
  nome: z.string().trim().min(2, 'informe --nome (nome da empresa)'),
  email: z.email('informe --email (e-mail do master)'),
  'master-nome': z.string().trim().min(1).optional(),
  'database-name': z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'use letras minúsculas, números e hífen')
    .optional(),
});

configureZodPortuguese();
const { values } = parseArgs({
  options: { nome: { type: 'string' }, email: { type: 'string' }, 'master-nome': { type: 'string' }, 'database-name': { type: 'string' } },
});
const args = ZArgs.safeParse(values);
if (!args.success) {
  for (const i of args.error.issues) console.error(`${String(i.path[0] ?? '')}: ${i.message}`);
  process.exit(1);
}
const env = loadEnv();
const log = pino({ level: env.LOG_LEVEL === 'silent' ? 'silent' : 'info' });
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
try {
  const senha = generatePassword();
  const { account, master } = await createAccount(database.db, {
    nome: args.data.nome,
    databaseName: args.data['database-name'],
    master: { nome: args.data['master-nome'] ?? args.data.nome, email: args.data.email, senha },
  });
  const tokens = new TokenService(loadOrCreateSecret(env.dataDir, 'jwt', env.JWT_SECRET));
  const token = await tokens.sign({ id: master.id, accountId: account.id, role: 'master' });
  const base = env.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${env.PORT}`;
  await createMailer(database.db, log, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }).send({
    to: master.email,
    subject: 'Balcão: sua conta foi criada',
    text: `Olá, ${master.nome}.\n\nSua conta "${account.nome}" está pronta.\nE-mail: ${master.email}\nSenha: ${senha}\n\nEntre por ${base}/login ou, na próxima hora, direto por este link:\n${base}/atendimentos?token=${token}\n\nTroque a senha em Perfil > Alterar Senha.`,
  });
  console.log(`Conta criada: ${account.nome} (databaseName "${account.databaseName}"); credenciais enviadas para ${master.email}.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
