import { CHAT_INTERNO_PERMISSOES as P, INTEGRANTE_TIPO, type TParticipante } from '@balcao/shared/chat-interno';

/**
 * Spec part 2 §4 "Group administration", checked before calling so the reason shows at once (the server checks the
 * same rules and answers with the same words). Null: allowed.
 */
export function motivoPromocao(alvo: TParticipante, souAdmin: boolean, meuId: string): string | null {
  if (!souAdmin) return P.apenasAdminPromover;
  if (alvo.tipo === INTEGRANTE_TIPO.departamento) return P.departamentoNaoPromove;
  if (alvo.id === meuId) return P.jaAdmin;
  if (alvo.admin) return P.participanteJaAdmin;
  return null;
}

export function motivoRemocao(alvo: TParticipante, souAdmin: boolean, meuId: string): string | null {
  if (!souAdmin) return P.apenasAdminRemover;
  if (alvo.tipo === INTEGRANTE_TIPO.usuario && alvo.id === meuId) return P.naoRemoverSiMesmo;
  return null;
}

export const motivoAdicao = (souAdmin: boolean) => (souAdmin ? null : P.apenasAdminAdicionar);
export const motivoFoto = (souAdmin: boolean) => (souAdmin ? null : P.apenasAdminFoto);

/** Whether the viewer is one of the group's admins, from the participants when known, else from the list row. */
export const isAdminOf = (participantes: readonly TParticipante[] | undefined, meuId: string, daLista: boolean) =>
  participantes ? participantes.some((p) => p.tipo === INTEGRANTE_TIPO.usuario && p.id === meuId && p.admin) : daLista;
