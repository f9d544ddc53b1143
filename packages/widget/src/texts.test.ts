import { describe, expect, it } from 'vitest';
import * as atendimentos from '@balcao/shared/atendimentos';
import * as shared from '@balcao/shared/widget';
import { ANEXO_MAX_BYTES, ANEXO_MIME_TYPES, ANEXO_TEXTS, MENSAGEM_MAX_CHARS, UNREAD_CAP, VISITOR_STORAGE_KEY, WIDGET_TEXTS } from './texts';

// The widget keeps copies so zod stays out of its bundle; these fail when the shared contract moves.
describe('copies of shared constants', () => {
  it('match @balcao/shared', () => {
    expect(VISITOR_STORAGE_KEY).toBe(shared.VISITOR_STORAGE_KEY);
    expect(WIDGET_TEXTS).toEqual(shared.WIDGET_TEXTS);
    expect(UNREAD_CAP).toBe(atendimentos.UNREAD_CAP);
    expect(MENSAGEM_MAX_CHARS).toBe(atendimentos.MENSAGEM_MAX_CHARS);
    expect(ANEXO_MAX_BYTES).toBe(atendimentos.ANEXO_MAX_BYTES);
    expect(ANEXO_MIME_TYPES).toEqual(atendimentos.ANEXO_MIME_TYPES);
    expect(ANEXO_TEXTS.anexoTamanho).toBe(atendimentos.ATENDIMENTO_TEXTS.anexoTamanho);
    expect(ANEXO_TEXTS.anexoTipo).toBe(atendimentos.ATENDIMENTO_TEXTS.anexoTipo);
  });
});
