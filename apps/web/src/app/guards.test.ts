import { describe, expect, it } from 'vitest';
import { afterLoginTarget, homeFor, redirectForRole } from './guards';

describe('route guards', () => {
  it('lands the tracker on its own tasks and everyone else on /atendimentos', () => {
    expect(homeFor('tracker')).toBe('/tracker/tarefas?minhas=true');
    for (const r of ['master', 'admin', 'atendente', 'user'] as const) expect(homeFor(r)).toBe('/atendimentos');
  });
  it('admits only the master to /licenca and sends others to /atendimentos', () => {
    expect(redirectForRole('/licenca', 'master')).toBeNull();
    expect(redirectForRole('/licenca', 'admin')).toBe('/atendimentos');
    expect(redirectForRole('/Licenca', 'atendente')).toBe('/atendimentos');
  });
  it('keeps /dashboard, /usuarios and /departamentos for admin and master', () => {
    for (const p of ['/dashboard', '/usuarios', '/departamentos', '/mensagens-agendadas']) {
      expect(redirectForRole(p, 'admin')).toBeNull();
      expect(redirectForRole(p, 'master')).toBeNull();
      expect(redirectForRole(p, 'atendente')).toBe('/atendimentos');
      expect(redirectForRole(p, 'tracker')).toBe('/tracker/tarefas?minhas=true');
    }
  });
  it('keeps the tracker role inside the tracker', () => {
    expect(redirectForRole('/tracker/tarefas', 'tracker')).toBeNull();
    expect(redirectForRole('/tracker/votar-tarefa/9', 'tracker')).toBeNull();
    expect(redirectForRole('/atendimentos', 'tracker')).toBe('/tracker/tarefas?minhas=true');
    expect(redirectForRole('/config', 'tracker')).toBe('/tracker/tarefas?minhas=true');
  });
  it('does not confuse a prefix with a longer path', () => {
    expect(redirectForRole('/licencas-antigas', 'admin')).toBeNull();
  });
  it('goes back to the remembered page after login, never to /login', () => {
    expect(afterLoginTarget('/config?tab=integracoes', 'atendente')).toBe('/config?tab=integracoes');
    expect(afterLoginTarget('/login', 'admin')).toBe('/atendimentos');
    expect(afterLoginTarget(null, 'tracker')).toBe('/tracker/tarefas?minhas=true');
    expect(afterLoginTarget('/licenca', 'admin')).toBe('/atendimentos');
  });
});
