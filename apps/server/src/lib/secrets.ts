import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { replaceFileDurably } from './durable-files';

/** A secret from env, else generated once into DATA_DIR (the embedded default) and reused on every start. */
export function loadOrCreateSecret(dataDir: string, name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, `${name}.key`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(48).toString('base64url');
  replaceFileDurably(file, value, 0o600); // whole and on the disk: the channels' secrets are encrypted with it
  return value;
}
