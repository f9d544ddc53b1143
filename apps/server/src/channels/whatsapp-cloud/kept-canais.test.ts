import { describe, expect, it } from 'vitest';
import type { WhatsAppCanalRow } from '../../db/schema/atendimentos';
import type { Db } from '../../lib/db';
import { type KeptCanal, keptCanais, readCanalAgain } from './kept-canais';

const canal = (appSecret: string): KeptCanal => ({ canal: { id: 'c1' } as WhatsAppCanalRow, appSecret });
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kept webhook channels', () => {
  it('answers an old channel at once while it is read again, and a forced read waits for the database', async () => {
    const reads: ((k: KeptCanal) => void)[] = [];
    const kept = keptCanais({} as Db, () => new Promise<KeptCanal>((resolve) => reads.push(resolve)));

    const first = kept.fetch('tok');
    reads.shift()!(canal('s1'));
    expect((await first)?.appSecret).toBe('s1');
    expect(await kept.fetch('tok')).toMatchObject({ appSecret: 's1' });
    expect(reads).toHaveLength(0);

    kept.set('tok', canal('s1'), { ttl: 1 }); // as if its 5 s had run out
    await later(5);
    // Old: answered without waiting, and read again once in the background.
    expect((await kept.fetch('tok'))?.appSecret).toBe('s1');
    expect((await kept.fetch('tok'))?.appSecret).toBe('s1');
    expect(reads).toHaveLength(1);
    reads.shift()!(canal('s2'));
    await later(0);
    expect((await kept.fetch('tok'))?.appSecret).toBe('s2');

    // A signature that fails reads it again (webhook.ts), which must wait for the read, not answer what is kept.
    let forcedAnswered = false;
    const forced = readCanalAgain(kept, 'tok').then((k) => {
      forcedAnswered = true;
      return k;
    });
    await later(5);
    expect(forcedAnswered).toBe(false);
    reads.shift()!(canal('s3'));
    expect((await forced)?.appSecret).toBe('s3');
  });
});
