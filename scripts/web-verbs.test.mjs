import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedFunctions, portugueseVerb, scan } from './web-verbs.mjs';

describe('web-verbs check (npm run lint)', () => {
  it('finds the Portuguese verb of a name and lets domain nouns with English verbs through', () => {
    expect(portugueseVerb('aplicarMensagem')).toBe('aplicar');
    expect(portugueseVerb('useEnviarAvaliacao')).toBe('enviar');
    expect(portugueseVerb('licencaMudou')).toBe('mudou');
    expect(portugueseVerb('comStatus')).toBe('com');
    expect(portugueseVerb('umaMensagem')).toBe('uma');
    for (const ok of [
      'applyMensagem',
      'fetchAtendimentos',
      'useSaveConta',
      'useBuscaClientes',
      'clearToken',
      'renderMessage',
      'filterRapidas',
    ]) {
      expect(portugueseVerb(ok)).toBeNull();
    }
  });

  it('reads exported function declarations and consts holding a function, not components or values', () => {
    const text = `export function trazerConversa() {}
export const useAbrirAgendada = () => 1;
export const limitar = ((v: number) => v) as (v: number) => number;
export const ConfirmarPage = () => null;
export const ENVIAR = 'x';
function marcarLocal() {}`;
    expect(exportedFunctions('x.ts', text).map((f) => f.name)).toEqual(['trazerConversa', 'useAbrirAgendada', 'limitar']);
  });

  it('passes on the web and the widget as they are', () => {
    const all = scan(path.resolve(import.meta.dirname, '..'));
    expect(all.length).toBeGreaterThan(300);
    expect(all.filter((f) => f.verb)).toEqual([]);
  });
});
