import { CHAT_INTERNO_PERMISSOES as P, CHAT_INTERNO_VALIDACAO as V, INTEGRANTE_TIPO } from '@balcao/shared/chat-interno';
import { BadRequest, Conflict, Forbidden } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import type { Acesso } from './access';

/** Group administration (spec part 2 §4/§6) makes no sense in a direct chat. */
export function assertGrupo(acesso: Acesso): void {
  if (!acesso.conversa.ehGrupo) throw new BadRequest(V.apenasGrupos);
}

/** Only a group's admins rename, add, remove, promote and change the photo; each refusal has its own words (§8). */
export function assertGroupAdmin(acesso: Acesso, refusal: string): void {
  assertGrupo(acesso);
  if (!acesso.admin) throw new Forbidden(refusal);
}

/** Departments are the master's to pick (the Departamentos tab is the master's only, §2/§6). */
export function assertMaster(isMaster: boolean): void {
  if (!isMaster) throw new Forbidden(P.apenasMasterDepartamentos);
}

/** Spec part 2 §4: you cannot remove yourself; leaving is "Sair do grupo". */
export function assertNotSelf(user: TSessionUser, alvo: { integranteId: string; integranteTipo: number }): void {
  if (alvo.integranteTipo === INTEGRANTE_TIPO.usuario && alvo.integranteId === user.id) throw new Forbidden(P.naoRemoverSiMesmo);
}

/** Spec part 2 §4: only non-admin users can be promoted; departments never. */
export function assertPromovivel(user: TSessionUser, alvo: { integranteId: string; integranteTipo?: number }): void {
  if (alvo.integranteTipo === INTEGRANTE_TIPO.departamento) throw new BadRequest(P.departamentoNaoPromove);
  if (alvo.integranteId === user.id) throw new Conflict(P.jaAdmin);
}
