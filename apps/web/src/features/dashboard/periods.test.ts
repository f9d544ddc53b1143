import { describe, expect, it } from 'vitest';
import { ZDashboardQuery } from '@balcao/shared/dashboard';
import { periodRange, toLocalIso } from './periods';

const now = new Date('2025-03-10T14:35:12Z');

describe('period ranges (spec part 1 §9)', () => {
  it('writes wall time without a zone', () => {
    expect(toLocalIso(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02T03:04:05');
  });
  it('Dia is today 00:00 to 23:59:59', () => {
    expect(periodRange('dia', now, 'UTC')).toEqual({ dataInicio: '2025-03-10T00:00:00', dataFim: '2025-03-10T23:59:59' });
  });
  it('Semana is the last 7 days, today included', () => {
    expect(periodRange('semana', now, 'UTC')).toEqual({ dataInicio: '2025-03-04T00:00:00', dataFim: '2025-03-10T23:59:59' });
  });
  it('Mês is the last 30 days, across a month and a year end', () => {
    expect(periodRange('mes', now, 'UTC')).toEqual({ dataInicio: '2025-02-09T00:00:00', dataFim: '2025-03-10T23:59:59' });
    expect(periodRange('mes', new Date('2024-01-05T08:00:00Z'), 'UTC')).toEqual({
      dataInicio: '2023-12-07T00:00:00',
      dataFim: '2024-01-05T23:59:59',
    });
  });
  it("takes 'today' in the account's zone, not the machine's", () => {
    // 02:26 UTC on the 22nd is still 23:26 on the 21st in São Paulo.
    expect(periodRange('dia', new Date('2026-11-22T02:26:00Z'), 'America/Sao_Paulo')).toEqual({
      dataInicio: '2026-11-21T00:00:00',
      dataFim: '2026-11-21T23:59:59',
    });
    expect(periodRange('dia', new Date('2026-11-22T02:26:00Z')).dataInicio).toBe('2026-11-21T00:00:00');
  });
  it('passes the shared query schema the server applies', () => {
    for (const p of ['dia', 'semana', 'mes'] as const)
      expect(ZDashboardQuery.safeParse({ atendenteId: 'todos', ...periodRange(p, now) }).success).toBe(true);
  });
});
