import { describe, expect, it } from 'vitest';
import { primeiroEnvio, proximoEnvio } from './recorrencia';

const SP = 'America/Sao_Paulo';
const at = (iso: string) => new Date(iso);
/** A sequence of sends: each next one strictly after the previous. */
function serie(dataEnvio: string, rec: Parameters<typeof proximoEnvio>[1], from: string, n: number, tz = SP) {
  const out: string[] = [];
  let after = at(from);
  for (let i = 0; i < n; i++) {
    const t = proximoEnvio(dataEnvio, rec, tz, after);
    if (!t) break;
    out.push(t.toISOString());
    after = t;
  }
  return out;
}

describe('next send time in the account zone (America/Sao_Paulo, UTC-3 all year)', () => {
  it('a one-off is its own time, once', () => {
    expect(primeiroEnvio('2026-11-24T08:00', SP).toISOString()).toBe('2026-11-24T11:00:00.000Z');
    expect(serie('2026-11-24T08:00:00', { tipo: 'unica' }, '2026-11-01T00:00:00Z', 5)).toEqual(['2026-11-24T11:00:00.000Z']);
    expect(proximoEnvio('2026-11-24T08:00:00', { tipo: 'unica' }, SP, at('2026-11-24T11:00:00Z'))).toBeNull();
  });

  it('daily: every day at the time, from the start day on, across a month and a year end', () => {
    expect(serie('2026-12-30T23:30:00', { tipo: 'diaria' }, '2026-01-01T00:00:00Z', 4)).toEqual([
      '2026-12-31T02:30:00.000Z',
      '2027-01-01T02:30:00.000Z',
      '2027-01-02T02:30:00.000Z',
      '2027-01-03T02:30:00.000Z',
    ]);
    // Reactivated long after its start: the next time after now, not the missed ones.
    expect(proximoEnvio('2026-01-01T08:00:00', { tipo: 'diaria' }, SP, at('2026-11-24T12:00:00Z'))?.toISOString()).toBe(
      '2026-11-25T11:00:00.000Z',
    );
    expect(proximoEnvio('2026-01-01T08:00:00', { tipo: 'diaria' }, SP, at('2026-11-24T10:59:59Z'))?.toISOString()).toBe(
      '2026-11-24T11:00:00.000Z',
    );
  });

  it('weekly: on the chosen weekdays (default the start day’s)', () => {
    // 2026-11-24 is a Tuesday.
    expect(serie('2026-11-24T09:00:00', { tipo: 'semanal' }, '2026-11-01T00:00:00Z', 3)).toEqual([
      '2026-11-24T12:00:00.000Z',
      '2026-12-01T12:00:00.000Z',
      '2026-12-08T12:00:00.000Z',
    ]);
    expect(serie('2026-11-24T09:00:00', { tipo: 'semanal', diasSemana: [1, 5] }, '2026-11-01T00:00:00Z', 4)).toEqual([
      '2026-11-27T12:00:00.000Z',
      '2026-11-30T12:00:00.000Z',
      '2026-12-04T12:00:00.000Z',
      '2026-12-07T12:00:00.000Z',
    ]);
  });

  it('monthly: the 31st falls on each month’s last day; February 29 only in leap years', () => {
    expect(serie('2027-01-31T10:00:00', { tipo: 'mensal' }, '2027-01-01T00:00:00Z', 5)).toEqual([
      '2027-01-31T13:00:00.000Z',
      '2027-02-28T13:00:00.000Z',
      '2027-03-31T13:00:00.000Z',
      '2027-04-30T13:00:00.000Z',
      '2027-05-31T13:00:00.000Z',
    ]);
    expect(serie('2028-01-30T10:00:00', { tipo: 'mensal' }, '2028-01-01T00:00:00Z', 3)).toEqual([
      '2028-01-30T13:00:00.000Z',
      '2028-02-29T13:00:00.000Z',
      '2028-03-30T13:00:00.000Z',
    ]);
    expect(serie('2028-02-29T07:00:00', { tipo: 'mensal', diaMes: 29 }, '2028-01-01T00:00:00Z', 3)).toEqual([
      '2028-02-29T10:00:00.000Z',
      '2028-03-29T10:00:00.000Z',
      '2028-04-29T10:00:00.000Z',
    ]);
    expect(serie('2027-01-29T07:00:00', { tipo: 'mensal' }, '2027-01-01T00:00:00Z', 2)).toEqual([
      '2027-01-29T10:00:00.000Z',
      '2027-02-28T10:00:00.000Z',
    ]);
  });

  it('any IANA zone: across a DST change the wall-clock time stays', () => {
    // Europe/Lisbon leaves summer time on 2026-10-25: 09:00 is 08:00Z before and 09:00Z after.
    expect(serie('2026-10-24T09:00:00', { tipo: 'diaria' }, '2026-10-01T00:00:00Z', 2, 'Europe/Lisbon')).toEqual([
      '2026-10-24T08:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
    ]);
  });
});
