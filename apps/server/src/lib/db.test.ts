import { describe, expect, it } from 'vitest';
import { mensagens } from '../db/schema/atendimentos';
import { asColumnRow } from './db';

describe('asColumnRow', () => {
  it('names each value by its SQL column', () => {
    expect(asColumnRow(mensagens, { accountId: 'a', clientId: 'c', conteudo: 'Oi' })).toEqual({
      account_id: 'a',
      client_id: 'c',
      conteudo: 'Oi',
    });
  });

  it('refuses a key that is not a column of the table (a json_to_recordset would drop it silently)', () => {
    expect(() => asColumnRow(mensagens, { nada: 1 } as never)).toThrow('asColumnRow: nada is not a column');
  });
});
