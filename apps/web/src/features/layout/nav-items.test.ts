import { describe, expect, it } from 'vitest';
import { configNavFor, isActivePath, mainNavFor } from './nav-items';

const labels = (xs: { label: string }[]) => xs.map((x) => x.label);

describe('navigation per role (spec part 1 §2, §6)', () => {
  it('gives the master everything, in the dock order', () => {
    expect(labels(mainNavFor('master'))).toEqual([
      'Dashboard',
      'Atendimentos',
      'Clientes',
      'Solicitações',
      'Documentação',
      'Usuários',
      'Departamentos',
      'Mensagens Agendadas',
      'Tracker',
      'Licença',
    ]);
  });
  it('drops Licença when the licence is an ERP sale or the product white-label (the caller decides)', () => {
    expect(labels(mainNavFor('master', { licenca: false }))).not.toContain('Licença');
    expect(labels(mainNavFor('master', { licenca: true }))).toContain('Licença');
  });
  it('keeps Licença and Documentação away from the admin', () => {
    expect(labels(mainNavFor('admin'))).toEqual([
      'Dashboard',
      'Atendimentos',
      'Clientes',
      'Solicitações',
      'Usuários',
      'Departamentos',
      'Mensagens Agendadas',
      'Tracker',
    ]);
  });
  it('shows attendants and users only their areas', () => {
    expect(labels(mainNavFor('atendente'))).toEqual(['Atendimentos', 'Clientes', 'Solicitações', 'Tracker']);
    expect(labels(mainNavFor('user'))).toEqual(['Tracker']);
    expect(labels(mainNavFor('tracker'))).toEqual(['Tracker']);
  });
  it('gives one configuration item to attendants and users, several to admins, none to the tracker', () => {
    expect(labels(configNavFor('atendente'))).toEqual(['Configurações']);
    expect(labels(configNavFor('user'))).toEqual(['Configurações']);
    expect(configNavFor('admin').length).toBeGreaterThan(1);
    expect(configNavFor('tracker')).toEqual([]);
  });
  it('gives every entry an icon', () => {
    for (const item of [...mainNavFor('master'), ...configNavFor('master')]) expect(item.icon).toBeTruthy();
  });
});

describe('isActivePath', () => {
  it('matches the path and what lies below it, ignoring case, query and a trailing slash', () => {
    expect(isActivePath('/tracker/tarefas', '/tracker')).toBe(true);
    expect(isActivePath('/Usuarios/', '/usuarios')).toBe(true);
    expect(isActivePath('/config', '/config?tab=integracoes')).toBe(true);
    expect(isActivePath('/trackers', '/tracker')).toBe(false);
    expect(isActivePath('/atendimentos', '/dashboard')).toBe(false);
  });
});
