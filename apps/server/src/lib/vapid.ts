import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import webpush from 'web-push';
import { replaceFileDurably } from './durable-files';
import { secretFile } from './secrets';

/** The application server's keys for Web Push (RFC 8292), and who push services may contact about it. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

type VapidEnv = { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string };

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY from env, else a pair generated once into DATA_DIR (vapid.key) and reused:
 * browsers' subscriptions are bound to the public key, so a new pair at each start would orphan all of them.
 */
export function loadOrCreateVapid(dataDir: string, env: VapidEnv, publicUrl: string): VapidKeys {
  // Push services want a contact; an https origin is one, a plain-http laptop gets a mailto.
  const subject = env.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:suporte@balcao.local');
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = secretFile(dataDir, 'vapid');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...kept, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  replaceFileDurably(file, JSON.stringify({ publicKey, privateKey }), 0o600);
  return { publicKey, privateKey, subject };
}
