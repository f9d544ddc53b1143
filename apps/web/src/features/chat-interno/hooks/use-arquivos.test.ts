import { describe, expect, it } from 'vitest';
import {
  CHAT_INTERNO_UPLOAD_MAX_BYTES,
  CHAT_INTERNO_VALIDACAO as V,
  DOCUMENTO_EXTENSOES,
  formatarTamanho,
} from '@balcao/shared/chat-interno';
import { ACEITE, validateArquivo } from './use-arquivos';

const arquivo = (nome: string, type: string, size = 10) => {
  const f = new File(['x'], nome, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('attach menu and file checks (spec part 2 §2 composer)', () => {
  it('offers the spec document types in Documentos, and pictures / videos in the other two', () => {
    expect(ACEITE.documentos.split(',')).toEqual(DOCUMENTO_EXTENSOES.map((e) => `.${e}`));
    expect(ACEITE.imagens).toBe('image/*');
    expect(ACEITE.videos).toBe('video/*');
  });
  it('accepts the documents of the list and refuses other files', () => {
    expect(validateArquivo(arquivo('a.pdf', 'application/pdf'))).toBeNull();
    expect(validateArquivo(arquivo('a.rar', ''))).toBeNull();
    expect(validateArquivo(arquivo('a.exe', 'application/x-msdownload'))).toBe(V.arquivoTipo);
    expect(validateArquivo(arquivo('a.svg', 'image/svg+xml'))).toBe(V.arquivoTipo);
  });
  it('refuses a file over its kind limit', () => {
    const max = CHAT_INTERNO_UPLOAD_MAX_BYTES.image;
    expect(validateArquivo(arquivo('a.png', 'image/png', max))).toBeNull();
    expect(validateArquivo(arquivo('a.png', 'image/png', max + 1))).toBe(V.arquivoGrande(formatarTamanho(max)));
  });
});
