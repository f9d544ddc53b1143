// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENTOS_ANALISE } from '@balcao/shared/telemetria';
import { type AnalyticsClient, attachClient, detachClient, flushCounters, trackMarkedClick, trackMessage } from './analytics';
import { hashedEmail } from './start';

function recorder() {
  const calls: unknown[][] = [];
  const client: AnalyticsClient = {
    capture: (...a) => void calls.push(['capture', ...a]),
    captureException: (e) => void calls.push(['exception', e]),
  };
  return { calls, client };
}

describe('analytics', () => {
  it('identifies by the SHA-256 of the trimmed, lower-cased e-mail', async () => {
    expect(await hashedEmail('  Ana.Admin@Demo.Local ')).toBe(createHash('sha256').update('ana.admin@demo.local').digest('hex'));
  });

  it('keeps calls until the library is ready, sends channel and type only, and the counters by beacon', () => {
    const { calls, client } = recorder();
    trackMessage('recebida', 'whatsapp', 'text');
    expect(calls).toEqual([]);
    attachClient(client);
    trackMessage('enviada', 'interno', 'image');
    const el = document.createElement('button');
    el.setAttribute('data-analytics-id', 'atendimento-enviar');
    el.textContent = 'Texto do botão';
    const inner = document.createElement('span');
    el.append(inner);
    trackMarkedClick(inner);
    flushCounters();
    flushCounters(); // nothing new: nothing sent
    expect(calls).toEqual([
      ['capture', EVENTOS_ANALISE.recebida, { canal: 'whatsapp', tipo: 'text' }],
      ['capture', EVENTOS_ANALISE.enviada, { canal: 'interno', tipo: 'image' }],
      ['capture', 'element_clicked', { analytics_id: 'atendimento-enviar' }],
      ['capture', EVENTOS_ANALISE.contadores, { enviadas: 1, recebidas: 1 }, { transport: 'sendBeacon' }],
    ]);
  });

  it('sends and keeps nothing once off', () => {
    const { calls, client } = recorder();
    attachClient(client);
    detachClient();
    trackMessage('recebida', 'widget', 'text');
    flushCounters();
    expect(calls).toEqual([]);
  });
});
