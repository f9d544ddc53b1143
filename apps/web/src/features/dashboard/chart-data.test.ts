import { describe, expect, it } from 'vitest';
import { bucketFinalizados } from './chart-data';

const now = new Date('2025-03-10T14:00:00Z');
const TZ = 'UTC';

describe('bucketFinalizados', () => {
  it('counts a day by hour, by end time, leaving out missing and unreadable ends', () => {
    const b = bucketFinalizados(
      [
        { fim: '2025-03-10T09:10:00Z' },
        { fim: '2025-03-10T09:59:59Z' },
        { fim: '2025-03-10T23:30:00Z' },
        { fim: null },
        { fim: 'x' },
        { fim: '2025-03-09T23:00:00Z' },
      ],
      'dia',
      now,
      TZ,
    );
    expect(b).toHaveLength(24);
    expect(b[9]).toEqual({ label: '09h', count: 2 });
    expect(b[23]!.count).toBe(1);
    expect(b.reduce((s, x) => s + x.count, 0)).toBe(3);
  });
  it('counts a week and a month by day, oldest first', () => {
    const semana = bucketFinalizados(
      [{ fim: '2025-03-04T00:00:00Z' }, { fim: '2025-03-10T18:00:00Z' }, { fim: '2025-03-03T23:59:59Z' }],
      'semana',
      now,
      TZ,
    );
    expect(semana.map((x) => x.label)).toEqual(['04/03', '05/03', '06/03', '07/03', '08/03', '09/03', '10/03']);
    expect(semana.map((x) => x.count)).toEqual([1, 0, 0, 0, 0, 0, 1]);
    const mes = bucketFinalizados([], 'mes', now, TZ);
    expect(mes).toHaveLength(30);
    expect(mes[0]!.label).toBe('09/02');
  });
  it("buckets by the account's day", () => {
    // 01:00 UTC on the 11th is the evening of the 10th in São Paulo: the last bar of that week.
    const b = bucketFinalizados([{ fim: '2025-03-11T01:00:00Z' }], 'semana', new Date('2025-03-11T02:00:00Z'), 'America/Sao_Paulo');
    expect(b.at(-1)).toEqual({ label: '10/03', count: 1 });
  });
});
