import { describe, expect, it } from 'vitest';
import { ZDashboardQuery } from '@balcao/shared/dashboard';
import { periodRange, toLocalIso } from './periods';

// Local wall-clock times: the helpers must never shift to UTC, whatever zone the test machine runs in.
const now = new Date(2025, 2, 10, 14, 35, 12); // 10 Mar 2025 14:35:12 local

describe('period ranges (spec part 1 §9)', () => {
  it('writes local time without a zone', () => {
    expect(toLocalIso(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02T03:04:05');
    expect(toLocalIso(now)).not.toMatch(/Z|[+-]\d\d:\d\d$/);
  });
  it('Dia is today 00:00 to 23:59:59', () => {
    expect(periodRange('dia', now)).toEqual({ dataInicio: '2025-03-10T00:00:00', dataFim: '2025-03-10T23:59:59' });
  });
  it('Semana is the last 7 days, today included', () => {
    expect(periodRange('semana', now)).toEqual({ dataInicio: '2025-03-04T00:00:00', dataFim: '2025-03-10T23:59:59' });
  });
  it('Mês is the last 30 days, across a month end', () => {
    expect(periodRange('mes', now)).toEqual({ dataInicio: '2025-02-09T00:00:00', dataFim: '2025-03-10T23:59:59' });
    expect(periodRange('mes', new Date(2024, 0, 5, 8))).toEqual({ dataInicio: '2023-12-07T00:00:00', dataFim: '2024-01-05T23:59:59' });
  });
  it('passes the shared query schema the server applies', () => {
    for (const p of ['dia', 'semana', 'mes'] as const) expect(ZDashboardQuery.safeParse({ atendenteId: 'todos', ...periodRange(p, now) }).success).toBe(true);
  });
});
