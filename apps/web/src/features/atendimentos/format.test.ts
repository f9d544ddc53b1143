import { describe, expect, it } from 'vitest';
import { chaveDia, formatBytes, formatHora, formatNumero, horaNaLista, rotuloDia } from './format';

// 2026-03-10 15:00 UTC is 12:00 in São Paulo (UTC-3, no daylight saving since 2019).
const agora = new Date('2026-03-10T15:00:00.000Z');

describe('formatters in the account zone', () => {
  it('shows HH:mm in São Paulo time', () => {
    expect(formatHora('2026-03-10T15:04:00.000Z')).toBe('12:04');
  });

  it('uses the account day, not the UTC day, for separators', () => {
    // 01:30 UTC on the 11th is still the 10th in São Paulo.
    expect(chaveDia('2026-03-11T01:30:00.000Z')).toBe('2026-03-10');
    expect(rotuloDia('2026-03-11T01:30:00.000Z', agora)).toBe('Hoje');
    expect(rotuloDia('2026-03-09T20:00:00.000Z', agora)).toBe('Ontem');
    expect(rotuloDia('2026-02-01T20:00:00.000Z', agora)).toBe('01/02/2026');
  });

  it('gives list times as HH:mm, Ontem, weekday, or date', () => {
    expect(horaNaLista('2026-03-10T13:00:00.000Z', agora)).toBe('10:00');
    expect(horaNaLista('2026-03-09T13:00:00.000Z', agora)).toBe('Ontem');
    expect(horaNaLista('2026-03-06T13:00:00.000Z', agora)).toBe('sexta-feira');
    expect(horaNaLista('2026-02-20T13:00:00.000Z', agora)).toBe('20/02/2026');
  });

  it('formats sizes and Brazilian numbers', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatNumero('5511987654321')).toBe('+55 11 98765-4321');
    expect(formatNumero('1133334444')).toBe('(11) 3333-4444');
    expect(formatNumero('visitante-abc')).toBe('visitante-abc');
  });
});
