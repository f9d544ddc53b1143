import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../auth';
import { FOTO_MAX_BYTES, PROFILE_TEXTS, ZChangeNameInput, validateFoto, validatePasswordChange, withCacheBuster } from '.';

describe('validateFoto', () => {
  it('accepts JPG, PNG and WebP up to 3 MB, including the image/jpg alias', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']) {
      expect(validateFoto({ type, size: 1024 })).toBeNull();
    }
    expect(validateFoto({ type: 'image/png', size: FOTO_MAX_BYTES })).toBeNull();
    expect(FOTO_MAX_BYTES).toBe(3 * 1024 * 1024);
  });

  it('refuses other types with the spec text', () => {
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', 'text/plain', '']) {
      expect(validateFoto({ type, size: 10 })).toBe('Apenas arquivos JPG, PNG e WebP são permitidos');
    }
  });

  it('refuses a file one byte over 3 MB with the spec text', () => {
    expect(validateFoto({ type: 'image/webp', size: FOTO_MAX_BYTES + 1 })).toBe('O arquivo deve ter no máximo 3MB');
  });

  it('reports the type before the size', () => {
    expect(validateFoto({ type: 'image/gif', size: FOTO_MAX_BYTES * 4 })).toBe(PROFILE_TEXTS.fotoTipo);
  });
});

describe('validatePasswordChange', () => {
  const ok = 'nova-senha-123';

  it('requires all three fields', () => {
    expect(validatePasswordChange('', ok, ok)).toBe('Por favor, preencha todos os campos.');
    expect(validatePasswordChange('atual', '', ok)).toBe('Por favor, preencha todos os campos.');
    expect(validatePasswordChange('atual', ok, '')).toBe('Por favor, preencha todos os campos.');
  });

  it('requires the new password and its confirmation to match', () => {
    expect(validatePasswordChange('atual', ok, `${ok}x`)).toBe('As novas senhas não coincidem.');
  });

  it('enforces the minimum length', () => {
    const short = 'a'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(validatePasswordChange('atual', short, short, PASSWORD_MIN_LENGTH)).toBe(
      `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
    );
    const exact = 'a'.repeat(PASSWORD_MIN_LENGTH);
    expect(validatePasswordChange('atual', exact, exact, PASSWORD_MIN_LENGTH)).toBeNull();
  });

  it('defaults to the same minimum as the server', () => {
    const short = 'a'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(validatePasswordChange('atual', short, short)).toBe(`A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`);
  });

  it('accepts a valid change', () => {
    expect(validatePasswordChange('atual', ok, ok)).toBeNull();
  });
});

describe('ZChangeNameInput', () => {
  it('trims the name and refuses a blank one with the spec text', () => {
    expect(ZChangeNameInput.parse({ NovoNome: '  Ana  ' })).toEqual({ NovoNome: 'Ana' });
    const blank = ZChangeNameInput.safeParse({ NovoNome: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('O nome não pode estar vazio.');
  });
});

describe('withCacheBuster', () => {
  it('appends a timestamp query', () => {
    expect(withCacheBuster('/backend/uploads/fotos/a.png', 123)).toBe('/backend/uploads/fotos/a.png?t=123');
    expect(withCacheBuster('https://cdn.test/a.png?size=lg', 5)).toBe('https://cdn.test/a.png?size=lg&t=5');
  });

  it('replaces an earlier timestamp instead of piling them up', () => {
    expect(withCacheBuster('/a.png?t=1', 2)).toBe('/a.png?t=2');
    expect(withCacheBuster('/a.png?t=1&size=lg', 2)).toBe('/a.png?size=lg&t=2');
    expect(withCacheBuster('/a.png?size=lg&t=1', 2)).toBe('/a.png?size=lg&t=2');
  });
});
