import { describe, expect, it } from 'vitest';
import { previewDe } from './labels';

describe('previewDe', () => {
  it('shows text, or the type label without its emoji and with the caption', () => {
    expect(previewDe('text', 'Olá').texto).toBe('Olá');
    expect(previewDe(null, null).texto).toBe('Sem mensagens');
    expect(previewDe('image', '')).toMatchObject({ texto: 'Imagem' });
    expect(previewDe('document', 'boleto.pdf').texto).toBe('Documento · boleto.pdf');
    expect(previewDe('reaction', '👍').texto).toBe('Reagiu 👍');
    expect(previewDe('image', '').icon).not.toBeNull();
  });
});
