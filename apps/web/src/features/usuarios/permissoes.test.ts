import { describe, expect, it } from 'vitest';
import type { TUsuarioAdmin } from '@balcao/shared/usuarios';
import { permissoesSobre } from './permissoes';

const row = (p: Partial<TUsuarioAdmin>): TUsuarioAdmin => ({
  id: 'u1',
  nome: 'Ana',
  email: 'ana@x.local',
  role: 'atendente',
  ehMaster: false,
  departamentoIds: [],
  departamentos: [],
  fotoUrl: null,
  status: 'ativo',
  online: false,
  ultimaAtividade: null,
  convitePendente: false,
  ocupaAssento: true,
  criadoEm: '2026-01-01T00:00:00Z',
  ...p,
});

describe('permissoesSobre', () => {
  it('protects the master from everyone, himself included', () => {
    const p = permissoesSobre({ id: 'm', role: 'master' }, row({ id: 'm', role: 'master', ehMaster: true }));
    expect(p).toMatchObject({ protegido: true, editar: false, desativar: false, redefinirSenha: false });
  });

  it('lets only the master change an administrator', () => {
    expect(permissoesSobre({ id: 'a2', role: 'admin' }, row({ role: 'admin' })).editar).toBe(false);
    expect(permissoesSobre({ id: 'm', role: 'master' }, row({ role: 'admin' })).editar).toBe(true);
  });

  it('never offers to deactivate oneself or change one’s own role', () => {
    const p = permissoesSobre({ id: 'u1', role: 'master' }, row({ id: 'u1', role: 'atendente' }));
    expect(p).toMatchObject({ editar: true, mudarPapel: false, desativar: false });
  });

  it('offers reactivation, not deactivation, on an inactive user', () => {
    const p = permissoesSobre({ id: 'm', role: 'master' }, row({ status: 'inativo' }));
    expect(p).toMatchObject({ desativar: false, reativar: true, redefinirSenha: false });
  });
});
