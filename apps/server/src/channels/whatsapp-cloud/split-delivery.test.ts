import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelPace } from './pace';
import { eventsIn, splitDelivery } from './split-delivery';

const body = (messages: number, statuses: number) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'W',
        changes: [
          {
            field: 'messages',
            value: {
              metadata: { phone_number_id: '123' },
              contacts: [{ wa_id: '5511900000001', profile: { name: 'Ana' } }],
              messages: Array.from({ length: messages }, (_, i) => ({ from: '5511900000001', id: `m${i}`, timestamp: '1', type: 'text' })),
              statuses: Array.from({ length: statuses }, (_, i) => ({ id: `s${i}`, status: 'read', timestamp: '1' })),
            },
          },
        ],
      },
    ],
  });

describe('a huge delivery split into stored parts', () => {
  it('keeps a small one whole; splits a big one in order into parts of at most the cap, each with its metadata and contacts', () => {
    expect(eventsIn(body(3, 2))).toBe(5);
    expect(splitDelivery(body(3, 2), 5)).toBeNull();
    const parts = splitDelivery(body(7, 3), 4)!.map((p) => JSON.parse(p).entry[0].changes[0].value);
    expect(parts.map((v) => [...(v.messages ?? []), ...(v.statuses ?? [])].map((e: { id: string }) => e.id))).toEqual([
      ['m0', 'm1', 'm2', 'm3'],
      ['m4', 'm5', 'm6', 's0'],
      ['s1', 's2'],
    ]);
    expect(parts.every((v) => v.metadata.phone_number_id === '123')).toBe(true);
    expect(parts[0].contacts).toEqual([{ wa_id: '5511900000001', profile: { name: 'Ana' } }]);
    // The same body splits the same way (a retry is recognised part by part).
    expect(splitDelivery(body(7, 3), 4)).toEqual(splitDelivery(body(7, 3), 4));
    expect(splitDelivery('{"entry": [', 1)).toBeNull();
  });
});

describe("a channel's deliveries paced", () => {
  afterEach(() => vi.useRealTimers());

  it('hands N a second at once, holds the next in order until the second passed; channels are apart', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const pace = new ChannelPace(2);
    const done: string[] = [];
    for (const tag of ['a1', 'a2', 'a3', 'a4']) pace.hand('A', () => done.push(tag));
    pace.hand('B', () => done.push('b1'));
    expect(done).toEqual(['a1', 'a2', 'b1']);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toEqual(['a1', 'a2', 'b1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });
});
