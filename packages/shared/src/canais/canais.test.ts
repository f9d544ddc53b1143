import { describe, expect, it } from 'vitest';
import { alcancaCliente, CAPACIDADES_CANAL, PROVEDORES_CANAL } from './index';

describe('whom each channel can write to first (its declared destinatarios)', () => {
  const clientes = {
    numero: { numero: '+5511987654321', identificador: null },
    waId: { numero: null, identificador: 'whatsapp:5511987654321' },
    lid: { numero: null, identificador: 'whatsapp-lid:123456' },
    bsuid: { numero: null, identificador: null, bsuid: 'BR.1a2b3c' },
    visitante: { numero: null, identificador: 'visitante:9f' },
  };
  it('reaches by number, WhatsApp id, LID or BSUID only where the provider has that address', () => {
    const table = Object.fromEntries(
      PROVEDORES_CANAL.map((p) => [
        p,
        Object.fromEntries(Object.entries(clientes).map(([k, c]) => [k, alcancaCliente(CAPACIDADES_CANAL[p], c)])),
      ]),
    );
    expect(table).toEqual({
      widget: { numero: false, waId: false, lid: false, bsuid: false, visitante: false },
      whatsapp: { numero: true, waId: true, lid: false, bsuid: true, visitante: false },
      wapi: { numero: true, waId: true, lid: true, bsuid: false, visitante: false },
    });
  });
});
