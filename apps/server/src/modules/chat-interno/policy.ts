import { CHAT_INTERNO_PERMISSOES as P, CHAT_INTERNO_VALIDACAO as V, INTEGRANTE_TIPO } from '@balcao/shared/chat-interno';
import { BadRequest, Conflict } from '../../lib/errors';
import { definePolicy, type Verdict } from '../../lib/policy';
import type { TSessionUser } from '../../lib/session';

/** What a rule reads of a conversation the caller takes part in (`Acesso`). */
type Acesso = { admin: boolean; conversa: { ehGrupo: boolean } };
type Alvo = { integranteId: string; integranteTipo?: number };

/** Group administration (spec part 2 §4/§6) makes no sense in a direct chat. */
const grupo = (acesso: Acesso): Verdict => acesso.conversa.ehGrupo || new BadRequest(V.apenasGrupos);

/** Only a group's admins rename, add, remove, promote and change the photo; each refusal has its own words (§8). */
const groupAdmin =
  (refusal: string) =>
  (_u: TSessionUser, acesso: Acesso): Verdict => {
    const g = grupo(acesso);
    return g === true ? acesso.admin || refusal : g;
  };

/** Spec part 2 §4: you cannot remove yourself (leaving is "Sair do grupo"). */
function remove(u: TSessionUser, { acesso, alvo }: { acesso: Acesso; alvo: Alvo }): Verdict {
  const admin = groupAdmin(P.apenasAdminRemover)(u, acesso);
  if (admin !== true) return admin;
  return alvo.integranteTipo !== INTEGRANTE_TIPO.usuario || alvo.integranteId !== u.id || P.naoRemoverSiMesmo;
}

/** Spec part 2 §4: only non-admin users can be promoted; departments never. */
function promote(u: TSessionUser, { acesso, alvo }: { acesso: Acesso; alvo: Alvo }): Verdict {
  const admin = groupAdmin(P.apenasAdminPromover)(u, acesso);
  if (admin !== true) return admin;
  if (alvo.integranteTipo === INTEGRANTE_TIPO.departamento) return new BadRequest(P.departamentoNaoPromove);
  return alvo.integranteId !== u.id || new Conflict(P.jaAdmin);
}

/**
 * Internal chat: group actions are the group's admins' (a membership, not a role); departments are the
 * account master's to put in a conversation (the Departamentos tab is the master's only, §2/§6).
 */
export const { can, authorize } = definePolicy<{
  sair: Acesso;
  renomear: Acesso;
  alterarFoto: Acesso;
  adicionar: Acesso;
  remover: { acesso: Acesso; alvo: Alvo };
  promover: { acesso: Acesso; alvo: Alvo };
  incluirDepartamentos: { isMaster: boolean };
}>(P.apenasMasterDepartamentos, {
  sair: (_u, acesso) => grupo(acesso),
  renomear: groupAdmin(P.apenasAdminRenomear),
  alterarFoto: groupAdmin(P.apenasAdminFoto),
  adicionar: groupAdmin(P.apenasAdminAdicionar),
  remover: remove,
  promover: promote,
  incluirDepartamentos: (_u, s) => s.isMaster,
});
