import { SOLICITACOES_AVISO_INTERVALO_MS, SOLICITACOES_AVISO_STORAGE_KEY } from '@balcao/shared/autoatendimento';

/**
 * Spec part 2 §4: the notice shows when the count is above 0, at most once per 300000 ms, tracked in session
 * storage (so a reload or another tab of the session does not show it again early). Answers whether to show now,
 * and records the showing.
 */
export function shouldShowAviso(
  quantidade: number,
  agora = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): boolean {
  if (quantidade <= 0) return false;
  const ultimo = Number(storage.getItem(SOLICITACOES_AVISO_STORAGE_KEY) ?? 0);
  if (Number.isFinite(ultimo) && agora - ultimo < SOLICITACOES_AVISO_INTERVALO_MS) return false;
  storage.setItem(SOLICITACOES_AVISO_STORAGE_KEY, String(agora));
  return true;
}
