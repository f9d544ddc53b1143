import { describe, expect, it } from 'vitest';
import type { TRole } from '@balcao/shared/roles';
import { USUARIOS_TEXTS } from '@balcao/shared/usuarios';
import type { TSessionUser } from '../../lib/session';
import { ADMINS, ALL, NONE, OTHER, roleTable, SELF, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

const other = (role: TRole) => ({ id: OTHER, role, isMaster: false });
const self = (role: TRole) => ({ id: SELF, role, isMaster: false });
const theMaster = { id: OTHER, role: 'master' as const, isMaster: true };
const MASTER: readonly TRole[] = ['master'];

describe('usuarios policy', () => {
  roleTable([
    { action: 'administrar', allowed: ADMINS, ask: (u) => can(u, 'administrar') },
    { action: 'alterarPerfil', subject: 'own', allowed: ALL, ask: (u) => can(u, 'alterarPerfil', { id: SELF }) },
    { action: 'alterarPerfil', subject: "another's", allowed: NONE, ask: (u) => can(u, 'alterarPerfil', { id: OTHER }) },
    ...(['gerir', 'editarIdentidade'] as const).flatMap((action) => [
      { action, subject: 'an atendente', allowed: ADMINS, ask: (u: TSessionUser) => can(u, action, other('atendente')) },
      { action, subject: 'another admin', allowed: MASTER, ask: (u: TSessionUser) => can(u, action, other('admin')) },
      { action, subject: 'the master', allowed: NONE, ask: (u: TSessionUser) => can(u, action, theMaster) },
      { action, subject: 'oneself (admin)', allowed: ADMINS, ask: (u: TSessionUser) => can(u, action, self('admin')) },
    ]),
    { action: 'desativar', subject: 'an atendente', allowed: ADMINS, ask: (u) => can(u, 'desativar', other('atendente')) },
    { action: 'desativar', subject: 'oneself', allowed: NONE, ask: (u) => can(u, 'desativar', self('admin')) },
    { action: 'darPapel', subject: 'new atendente', allowed: ADMINS, ask: (u) => can(u, 'darPapel', { role: 'atendente', target: null }) },
    { action: 'darPapel', subject: 'new admin', allowed: MASTER, ask: (u) => can(u, 'darPapel', { role: 'admin', target: null }) },
    { action: 'darPapel', subject: 'new master', allowed: NONE, ask: (u) => can(u, 'darPapel', { role: 'master', target: null }) },
    {
      action: 'darPapel',
      subject: 'atendente → user',
      allowed: ADMINS,
      ask: (u) => can(u, 'darPapel', { role: 'user', target: other('atendente') }),
    },
    {
      action: 'darPapel',
      subject: 'atendente → admin',
      allowed: MASTER,
      ask: (u) => can(u, 'darPapel', { role: 'admin', target: other('atendente') }),
    },
    {
      action: 'darPapel',
      subject: 'admin → atendente',
      allowed: MASTER,
      ask: (u) => can(u, 'darPapel', { role: 'atendente', target: other('admin') }),
    },
    {
      action: 'darPapel',
      subject: 'same role kept',
      allowed: ADMINS,
      ask: (u) => can(u, 'darPapel', { role: 'atendente', target: other('atendente') }),
    },
    {
      action: 'darPapel',
      subject: 'own role',
      allowed: NONE,
      ask: (u) => can(u, 'darPapel', { role: 'atendente', target: self('admin') }),
    },
    { action: 'darPapel', subject: "the master's", allowed: NONE, ask: (u) => can(u, 'darPapel', { role: 'admin', target: theMaster }) },
  ]);

  it('each refusal has its own words', () => {
    const admin = userOf('admin');
    const refusal = (fn: () => unknown) => expect(fn).toThrow(expect.objectContaining({ status: 403 }));
    refusal(() => authorize(userOf('atendente'), 'administrar'));
    expect(() => authorize(admin, 'gerir', theMaster)).toThrow(USUARIOS_TEXTS.masterProtegido);
    expect(() => authorize(admin, 'editarIdentidade', other('admin'))).toThrow(USUARIOS_TEXTS.somenteMasterGereAdmin);
    expect(() => authorize(admin, 'desativar', self('admin'))).toThrow(USUARIOS_TEXTS.naoDesativarASiMesmo);
    expect(() => authorize(admin, 'darPapel', { role: 'master', target: null })).toThrow(USUARIOS_TEXTS.masterUnico);
    expect(() => authorize(admin, 'darPapel', { role: 'admin', target: null })).toThrow(USUARIOS_TEXTS.somenteMasterFazAdmin);
    expect(() => authorize(admin, 'darPapel', { role: 'user', target: self('admin') })).toThrow(USUARIOS_TEXTS.naoRebaixarASiMesmo);
    expect(() => authorize(admin, 'alterarPerfil', { id: OTHER })).toThrow('Você só pode alterar o seu próprio perfil.');
  });
});
