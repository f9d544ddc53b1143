import type { WAVersion } from 'baileys';

/** WAPI_VERSION as WhatsApp Web writes it: 2.3000.1023223821. */
export const WA_VERSION_RE = /^(\d{1,4})\.(\d{1,6})\.(\d{1,12})$/;
export const parseWaVersion = (s: string): WAVersion | null => {
  const m = WA_VERSION_RE.exec(s.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
};

/** Without network the lookup must not hold the connect: past this the built-in version is used. */
const VERSION_LOOKUP_TIMEOUT_MS = 3000;
/** A version found online is reused for this long (reconnects do not ask again); a failed lookup is retried sooner. */
const FOUND_TTL_MS = 6 * 60 * 60_000;
const FAILED_TTL_MS = 5 * 60_000;

/** The library's latest-version lookup: the version when it found one, null when it fell back or failed. */
export type VersionLookup = (signal: AbortSignal) => Promise<WAVersion | null>;
export type ChosenVersion = { version: WAVersion; origem: 'WAPI_VERSION' | 'online' | 'embutida' };

/**
 * Which WhatsApp Web version a socket announces: the pinned one (WAPI_VERSION) when set, else the latest one
 * looked up online, else the one built into the Baileys release. WhatsApp refuses outdated versions (405), and
 * the built-in one ages with the pinned release, so the lookup comes first; the pin is the operator's way out.
 */
export class WaVersionSource {
  private cached: { at: number; value: ChosenVersion; ttl: number } | null = null;

  constructor(
    private readonly o: { pinned?: WAVersion | undefined; lookup: VersionLookup; builtIn: () => Promise<WAVersion>; timeoutMs?: number },
  ) {}

  async choose(now = Date.now()): Promise<ChosenVersion> {
    if (this.o.pinned) return { version: this.o.pinned, origem: 'WAPI_VERSION' };
    if (this.cached && now - this.cached.at < this.cached.ttl) return this.cached.value;
    const found = await this.lookup();
    const value: ChosenVersion = found ? { version: found, origem: 'online' } : { version: await this.o.builtIn(), origem: 'embutida' };
    this.cached = { at: now, value, ttl: found ? FOUND_TTL_MS : FAILED_TTL_MS };
    return value;
  }

  /** The lookup bounded by the timeout (aborted, and raced in case the library ignores the signal). */
  private async lookup(): Promise<WAVersion | null> {
    const ms = this.o.timeoutMs ?? VERSION_LOOKUP_TIMEOUT_MS;
    const ctrl = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        ctrl.abort();
        resolve(null);
      }, ms);
    });
    try {
      return await Promise.race([this.o.lookup(ctrl.signal).catch(() => null), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
