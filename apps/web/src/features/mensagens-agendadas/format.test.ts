import { describe, expect, it } from 'vitest';
import { dataCurta, describeRecorrencia, toDataEnvio } from './format';

describe('scheduled messages formatting', () => {
  it('dates as dd/MM/yy HH:mm in the account zone, Data inválida otherwise', () => {
    expect(dataCurta('2026-11-24T11:05:00Z', 'America/Sao_Paulo')).toBe('24/11/26 08:05');
    expect(dataCurta('nada', 'America/Sao_Paulo')).toBe('Data inválida');
    expect(dataCurta(null)).toBe('—');
  });
  it('the repetition in words and the local time the API takes', () => {
    expect(describeRecorrencia({ tipo: 'semanal', diasSemana: [1, 3] })).toBe('Toda semana (Seg, Qua)');
    expect(describeRecorrencia({ tipo: 'mensal', diaMes: 31 })).toBe('Todo mês (dia 31)');
    expect(describeRecorrencia({ tipo: 'unica' })).toBe('Uma vez');
    expect(toDataEnvio('2026-11-24T08:00')).toBe('2026-11-24T08:00:00');
  });
});
