import { describe, expect, it } from 'vitest';
import { dataCobranca } from './format';

describe('a charge date (spec part 1 §3: ISO or dd/MM/yyyy)', () => {
  it('reads dd/MM/yyyy day-first: 05/12/2026 is 5 December', () => {
    expect(dataCobranca('05/12/2026')).toBe('05/12/26 00:00');
    expect(dataCobranca('05/12/2026 14:30')).toBe('05/12/26 14:30');
    expect(dataCobranca('31/01/2026 08:05:09')).toBe('31/01/26 08:05');
  });

  it('reads ISO in the account zone, and an impossible or unparsable date as "Data inválida"', () => {
    expect(dataCobranca('2026-11-24T13:05:00Z', 'America/Sao_Paulo')).toBe('24/11/26 10:05');
    expect(dataCobranca('31/02/2026')).toBe('Data inválida');
    expect(dataCobranca('ontem')).toBe('Data inválida');
  });
});
