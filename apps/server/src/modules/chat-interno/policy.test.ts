import { describe, expect, it } from 'vitest';
import { CHAT_INTERNO_PERMISSOES as P, CHAT_INTERNO_VALIDACAO as V, INTEGRANTE_TIPO } from '@balcao/shared/chat-interno';
import type { TSessionUser } from '../../lib/session';
import { ALL, NONE, OTHER, roleTable, SELF, userOf } from '../../test/policy-table';
import { authorize, can } from './policy';

// Group actions follow the membership (a group admin), not the role: every role answers alike.
const asAdmin = { admin: true, conversa: { ehGrupo: true } };
const asMember = { admin: false, conversa: { ehGrupo: true } };
const direct = { admin: false, conversa: { ehGrupo: false } };
const user = (id: string) => ({ integranteId: id, integranteTipo: INTEGRANTE_TIPO.usuario });
const department = { integranteId: OTHER, integranteTipo: INTEGRANTE_TIPO.departamento };

describe('chat-interno policy', () => {
  roleTable([
    ...(['renomear', 'alterarFoto', 'adicionar'] as const).flatMap((action) => [
      { action, subject: 'group admin', allowed: ALL, ask: (u: TSessionUser) => can(u, action, asAdmin) },
      { action, subject: 'group member', allowed: NONE, ask: (u: TSessionUser) => can(u, action, asMember) },
      { action, subject: 'direct chat', allowed: NONE, ask: (u: TSessionUser) => can(u, action, direct) },
    ]),
    { action: 'sair', subject: 'group', allowed: ALL, ask: (u) => can(u, 'sair', asMember) },
    { action: 'sair', subject: 'direct chat', allowed: NONE, ask: (u) => can(u, 'sair', direct) },
    {
      action: 'remover',
      subject: 'another, as admin',
      allowed: ALL,
      ask: (u) => can(u, 'remover', { acesso: asAdmin, alvo: user(OTHER) }),
    },
    { action: 'remover', subject: 'oneself', allowed: NONE, ask: (u) => can(u, 'remover', { acesso: asAdmin, alvo: user(SELF) }) },
    { action: 'remover', subject: 'as member', allowed: NONE, ask: (u) => can(u, 'remover', { acesso: asMember, alvo: user(OTHER) }) },
    { action: 'promover', subject: 'another user', allowed: ALL, ask: (u) => can(u, 'promover', { acesso: asAdmin, alvo: user(OTHER) }) },
    { action: 'promover', subject: 'a department', allowed: NONE, ask: (u) => can(u, 'promover', { acesso: asAdmin, alvo: department }) },
    { action: 'promover', subject: 'oneself', allowed: NONE, ask: (u) => can(u, 'promover', { acesso: asAdmin, alvo: user(SELF) }) },
    {
      action: 'incluirDepartamentos',
      subject: 'account master',
      allowed: ALL,
      ask: (u) => can(u, 'incluirDepartamentos', { isMaster: true }),
    },
    {
      action: 'incluirDepartamentos',
      subject: 'anyone else',
      allowed: NONE,
      ask: (u) => can(u, 'incluirDepartamentos', { isMaster: false }),
    },
  ]);

  it('each refusal keeps its words and status', () => {
    const u = userOf('atendente');
    const refused = (fn: () => unknown, status: number, message: string) =>
      expect(fn).toThrow(expect.objectContaining({ status, message }));
    refused(() => authorize(u, 'renomear', direct), 400, V.apenasGrupos);
    refused(() => authorize(u, 'renomear', asMember), 403, P.apenasAdminRenomear);
    refused(() => authorize(u, 'alterarFoto', asMember), 403, P.apenasAdminFoto);
    refused(() => authorize(u, 'adicionar', asMember), 403, P.apenasAdminAdicionar);
    refused(() => authorize(u, 'remover', { acesso: asMember, alvo: user(OTHER) }), 403, P.apenasAdminRemover);
    refused(() => authorize(u, 'remover', { acesso: asAdmin, alvo: user(SELF) }), 403, P.naoRemoverSiMesmo);
    refused(() => authorize(u, 'promover', { acesso: asMember, alvo: user(OTHER) }), 403, P.apenasAdminPromover);
    refused(() => authorize(u, 'promover', { acesso: asAdmin, alvo: department }), 400, P.departamentoNaoPromove);
    refused(() => authorize(u, 'promover', { acesso: asAdmin, alvo: user(SELF) }), 409, P.jaAdmin);
    refused(() => authorize(u, 'incluirDepartamentos', { isMaster: false }), 403, P.apenasMasterDepartamentos);
  });
});
