import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { replaceFileDurably } from './durable-files';

/** The secrets the server generates under DATA_DIR when env does not give them (JWT_SECRET, CHANNEL_SECRET_KEY, VAPID_*: lib/vapid.ts). */
export const GENERATED_SECRETS = ['jwt', 'channels', 'vapid'] as const;
export type GeneratedSecret = (typeof GENERATED_SECRETS)[number];

/** Where a generated secret is kept. */
export const secretFile = (dataDir: string, name: GeneratedSecret) => path.join(dataDir, `${name}.key`);

/** A secret from env, else generated once into DATA_DIR (the embedded default) and reused on every start. */
export function loadOrCreateSecret(dataDir: string, name: Exclude<GeneratedSecret, 'vapid'>, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = secretFile(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(48).toString('base64url');
  replaceFileDurably(file, value, 0o600); // whole and on the disk: the channels' secrets are encrypted with it
  return value;
}
