import type { FastifyServerOptions } from 'fastify';

/** pino's levels named in Portuguese for a person reading a terminal. */
const LEVEL_NAMES: Record<number, string> = { 10: 'RASTREIO', 20: 'DEPURAÇÃO', 30: 'INFO', 40: 'AVISO', 50: 'ERRO', 60: 'FATAL' };

/**
 * A person reads the terminal, a collector reads files and pipes: readable lines only when standard output
 * is a TTY and LOG_FORMAT is not `json`. pino-pretty is loaded by pino's transport only then.
 */
export function wantsReadableLogs(format: 'auto' | 'json', stdout: { isTTY?: boolean } = process.stdout): boolean {
  return format !== 'json' && stdout.isTTY === true;
}

/** Logger options for the server: JSON lines, or one readable line per event (time, level, message). */
export async function serverLogger(
  level: string,
  readable: boolean,
  /** Where readable lines go: standard output, or a test's stream. */
  destination?: NodeJS.WritableStream,
): Promise<FastifyServerOptions['logger']> {
  if (level === 'silent') return false;
  if (!readable) return { level };
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    customPrettifiers: { level: (value) => LEVEL_NAMES[Number(value)] ?? String(value) },
    ...(destination ? { destination } : {}),
  });
  return { level, stream };
}

export type StartupFacts = {
  address: string;
  database: 'pglite' | 'postgres';
  dataDir: string;
  demo?: { emails: string[]; senha: string };
  /** Set when uploads live in a bucket (S3_BUCKET): `s3://bucket`. */
  bucket?: string;
};

/** What a person starting the server needs, once: where to open it, which database, and the demo logins. */
export function startupLines(f: StartupFacts): string[] {
  const lines = [
    `Balcão no ar: abra ${f.address}`,
    f.database === 'pglite' ? `Banco de dados: embutido (PGlite) em ${f.dataDir}` : 'Banco de dados: PostgreSQL (DATABASE_URL)',
  ];
  if (f.bucket) lines.push(`Arquivos enviados: bucket ${f.bucket}`);
  if (f.demo) lines.push(`Conta de demonstração: ${f.demo.emails.join(', ')} — senha ${f.demo.senha}`);
  return lines;
}
