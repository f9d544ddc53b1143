import { describe, expect, it } from 'vitest';
import { CONTA_TEXTS, ZContaInput, isTimeZone } from '../conta';
import { ZVisaoGeralQuery, formatDuracao } from '../dashboard';
import { ZUsuarioInput, rolesAtribuiveis } from '../usuarios';
import { LICENCA_TEXTS, isFerramentaIA } from '.';

describe('administration contracts', () => {
  it('recognises the AI tool as spec part 1 §3 says (ia, inteligencia, artificial, any case or accent)', () => {
    for (const n of ['InteligenciaArtificial', 'Inteligência', 'ARTIFICIAL', 'ia']) expect(isFerramentaIA(n)).toBe(true);
    for (const n of ['WhatsApp', 'Relatorios', '']) expect(isFerramentaIA(n)).toBe(false);
    expect(LICENCA_TEXTS.limiteAtingido(5)).toBe('Limite de 5 usuários atendentes da sua licença atingido.');
  });

  it('gives roles as the administration rules say: nobody makes a master, only the master makes admins', () => {
    expect(rolesAtribuiveis('master')).toEqual(['admin', 'atendente', 'user', 'tracker']);
    expect(rolesAtribuiveis('admin')).toEqual(['atendente', 'user', 'tracker']);
    expect(rolesAtribuiveis('atendente')).toEqual([]);
  });

  it('normalises the user form and allows one department', () => {
    const ok = ZUsuarioInput.parse({ nome: ' Ana ', email: ' ANA@Loja.COM ', role: 'atendente' });
    expect(ok).toEqual({ nome: 'Ana', email: 'ana@loja.com', role: 'atendente', departamentoIds: [] });
    const two = ZUsuarioInput.safeParse({
      nome: 'Ana',
      email: 'a@b.co',
      role: 'user',
      departamentoIds: [crypto.randomUUID(), crypto.randomUUID()],
    });
    expect(two.success).toBe(false);
  });

  it('accepts IANA zones only', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Atlantida')).toBe(false);
    expect(isTimeZone('../../etc')).toBe(false);
    expect(ZContaInput.safeParse({ nome: 'Loja', timeZone: 'Marte/Olympus' }).error?.issues[0]?.message).toBe(CONTA_TEXTS.fusoInvalido);
  });

  it('defaults the overview to Mês and needs both days for a custom range', () => {
    expect(ZVisaoGeralQuery.parse({})).toEqual({ periodo: 'mes' });
    expect(ZVisaoGeralQuery.safeParse({ periodo: 'personalizado', dataInicio: '2026-03-01' }).success).toBe(false);
    expect(ZVisaoGeralQuery.safeParse({ periodo: 'personalizado', dataInicio: '2026-03-01', dataFim: '2026-03-01' }).success).toBe(true);
    expect(formatDuracao(3725)).toBe('01:02:05');
    expect(formatDuracao(null)).toBe('—');
  });
});
