import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthenticationCreds, AuthenticationState, SignalDataSet, SignalDataTypeMap, SignalKeyStore } from 'baileys';
import { wapiChaves } from '../../db/schema/wapi';
import type { SecretCipher } from '../../lib/cipher';
import type { Db } from '../../lib/db';
import { loadBaileys } from './baileys';

const CREDS = 'creds';

/**
 * WhatsApp Web's auth state in the database (wapi_chaves), never on disk: the creds and every signal key by
 * type and id, each value BufferJSON-serialised then encrypted. A null in a `set` deletes the key.
 */
export class WapiAuthStore {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
    readonly canalId: string,
  ) {}

  private async seal(value: unknown) {
    const { BufferJSON } = await loadBaileys();
    return this.cipher.encrypt(JSON.stringify(value, BufferJSON.replacer));
  }
  private async open(sealed: string): Promise<unknown> {
    const { BufferJSON } = await loadBaileys();
    return JSON.parse(this.cipher.decrypt(sealed), BufferJSON.reviver);
  }

  /** The stored creds, or new ones (a session that was never paired, or was logged out). */
  async creds(): Promise<AuthenticationCreds> {
    const [row] = await this.db
      .select({ valor: wapiChaves.valor })
      .from(wapiChaves)
      .where(and(eq(wapiChaves.canalId, this.canalId), eq(wapiChaves.tipo, CREDS), eq(wapiChaves.chave, '')))
      .limit(1);
    if (row) return (await this.open(row.valor)) as AuthenticationCreds;
    return (await loadBaileys()).initAuthCreds();
  }

  async saveCreds(creds: AuthenticationCreds) {
    await this.write([{ tipo: CREDS, chave: '', valor: await this.seal(creds) }]);
  }

  /** Whether creds were ever stored: a paired (or pairing) session. */
  async hasCreds() {
    const [row] = await this.db
      .select({ n: sql<number>`1` })
      .from(wapiChaves)
      .where(and(eq(wapiChaves.canalId, this.canalId), eq(wapiChaves.tipo, CREDS)))
      .limit(1);
    return Boolean(row);
  }

  readonly keys: SignalKeyStore = {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      if (ids.length === 0) return out;
      const rows = await this.db
        .select({ chave: wapiChaves.chave, valor: wapiChaves.valor })
        .from(wapiChaves)
        .where(and(eq(wapiChaves.canalId, this.canalId), eq(wapiChaves.tipo, type), inArray(wapiChaves.chave, ids)));
      const { proto } = await loadBaileys();
      for (const r of rows) {
        let value = await this.open(r.valor);
        // As Baileys' own stores do: this type is a protobuf object, not plain JSON.
        if (type === 'app-state-sync-key') value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
        out[r.chave] = value as SignalDataTypeMap[T];
      }
      return out;
    },
    set: async (data: SignalDataSet) => {
      const put: { tipo: string; chave: string; valor: string }[] = [];
      const gone: { tipo: string; chave: string }[] = [];
      for (const [tipo, byId] of Object.entries(data))
        for (const [chave, value] of Object.entries(byId ?? {}))
          if (value === null || value === undefined) gone.push({ tipo, chave });
          else put.push({ tipo, chave, valor: await this.seal(value) });
      await this.write(put);
      for (const g of gone)
        await this.db
          .delete(wapiChaves)
          .where(and(eq(wapiChaves.canalId, this.canalId), eq(wapiChaves.tipo, g.tipo), eq(wapiChaves.chave, g.chave)));
    },
    clear: () => this.clear(),
  };

  /** Logged out: the creds and every key go (the next connection starts a new pairing). */
  async clear() {
    await this.db.delete(wapiChaves).where(eq(wapiChaves.canalId, this.canalId));
  }

  private async write(rows: { tipo: string; chave: string; valor: string }[]) {
    if (rows.length === 0) return;
    await this.db
      .insert(wapiChaves)
      .values(rows.map((r) => ({ ...r, canalId: this.canalId })))
      .onConflictDoUpdate({
        target: [wapiChaves.canalId, wapiChaves.tipo, wapiChaves.chave],
        set: { valor: sql`excluded.valor`, atualizadoEm: sql`now()` },
      });
  }

  /** Baileys' state: the creds read now, the keys behind its cache (makeCacheableSignalKeyStore). */
  async state(): Promise<AuthenticationState> {
    const { makeCacheableSignalKeyStore } = await loadBaileys();
    return { creds: await this.creds(), keys: makeCacheableSignalKeyStore(this.keys) };
  }
}
