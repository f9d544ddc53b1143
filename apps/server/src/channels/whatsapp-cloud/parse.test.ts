import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { ZInboundEvent } from '../../modules/atendimentos/ingest/events';
import { parseMinimal } from '../../test/drivers/minimal-inbound';
import { parseCloudDelivery } from './parse';

const DIR = path.resolve(import.meta.dirname, '../../../../../../shared/test-vectors/whatsapp-cloud');
const incoming = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json') && (f.startsWith('incoming_') || f.startsWith('status_') || dir.endsWith('2026')))
    .map((f) => [path.basename(dir) === '2026' ? `2026/${f}` : f, readFileSync(path.join(dir, f), 'utf8')] as const);

describe('WhatsApp Cloud API parser (pure)', () => {
  it.each([...incoming(DIR), ...incoming(path.join(DIR, '2026'))])('%s becomes well-formed InboundEvents', (_name, corpo) => {
    const parsed = parseCloudDelivery(corpo, null);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    for (const e of parsed.events) {
      expect(e.kind).not.toBe('invalid');
      expect(ZInboundEvent.safeParse(e).success).toBe(true);
    }
  });

  it('reads each 2026 kind as its own event', () => {
    const kinds = (f: string) => {
      const p = parseCloudDelivery(readFileSync(path.join(DIR, '2026', f), 'utf8'), null);
      return p.ok ? p.events.map((e) => e.kind) : [];
    };
    expect(kinds('request_welcome.json')).toEqual(['opened']);
    expect(kinds('system_changed_number.json')).toEqual(['identity', 'message']);
    expect(kinds('bsuid_only_text.json')).toEqual(['message']);
  });

  it('leaves out, with its reason, a message without id and a change for another number', () => {
    const body = (pnid: string, messages: object[]) =>
      JSON.stringify({ entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: pnid }, messages } }] }] });
    const p = parseCloudDelivery(body('111', [{ from: '5511', type: 'text' }]), '111');
    expect(p.ok && p.events).toEqual([{ kind: 'invalid', motivo: expect.stringMatching(/^messages\.0\.id: /) }]);
    const other = parseCloudDelivery(body('222', [{ id: 'x', from: '5511', type: 'text', text: { body: 'oi' } }]), '111');
    expect(other.ok && other.events).toEqual([{ kind: 'invalid', motivo: WHATSAPP_TEXTS.numeroDeOutroCanal('222') }]);
    expect(parseCloudDelivery('{"entry": {}}', '111').ok).toBe(false);
  });
});

describe('minimal test driver parser', () => {
  it('turns each entry into an event, a malformed one into an invalid one', () => {
    const events = parseMinimal(JSON.stringify([{ t: 'texto', de: '5511', id: 'm1', texto: 'oi' }, { t: 'texto' }]));
    expect(events.map((e) => e.kind)).toEqual(['message', 'invalid']);
  });
});
