import { describe, expect, it } from 'vitest';
import { formatMinutes } from '@balcao/shared/dashboard';
import { formatCount, formatDateCell, formatNota, formatQuantidade } from './format';

describe('formatDateCell (spec part 1 §3)', () => {
  it('shows a wall time without a zone as written, dd/mm/yyyy hh:mm in 24 h', () => {
    expect(formatDateCell('2025-03-10T14:05:00')).toBe('10/03/2025 14:05');
    expect(formatDateCell('2025-12-31T00:00')).toBe('31/12/2025 00:00');
  });
  it("shows an instant in the account's zone", () => {
    expect(formatDateCell('2026-11-22T02:26:00.000Z')).toBe('21/11/2026 23:26');
    expect(formatDateCell('2025-06-01T18:30:00Z', 'UTC')).toBe('01/06/2025 18:30');
    expect(formatDateCell('2025-06-01T18:30:00+01:00', 'UTC')).toBe('01/06/2025 17:30');
  });
  it("'N/A' when missing", () => {
    expect(formatDateCell(null)).toBe('N/A');
    expect(formatDateCell(undefined)).toBe('N/A');
    expect(formatDateCell('')).toBe('N/A');
    expect(formatDateCell('  ')).toBe('N/A');
  });
  it("'Data Inválida' when unreadable", () => {
    expect(formatDateCell('ontem')).toBe('Data Inválida');
    expect(formatDateCell('2025-13-45T99:00:00')).toBe('Data Inválida');
  });
});

describe('card values', () => {
  it('average time as HH:MM:SS, N/A, 00:00:00 (shared helper)', () => {
    expect(formatMinutes('90.5')).toBe('01:30:30');
    expect(formatMinutes(null)).toBe('N/A');
    expect(formatMinutes('abc')).toBe('00:00:00');
  });
  it('rating with one decimal, N/A when nobody rated', () => {
    expect(formatNota(4.456)).toBe('4,5');
    expect(formatNota(5)).toBe('5,0');
    expect(formatNota(null)).toBe('N/A');
  });
  it('counts in pt-BR, N/A when not loaded', () => {
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(undefined)).toBe('N/A');
    expect(formatQuantidade(1, 'atendimento', 'atendimentos')).toBe('1 atendimento');
    expect(formatQuantidade(0, 'atendimento', 'atendimentos')).toBe('0 atendimentos');
    expect(formatQuantidade(12345, 'atendimento', 'atendimentos')).toBe('12.345 atendimentos');
  });
});
