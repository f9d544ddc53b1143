import type { TCurrentUser } from '@balcao/shared/usuarios';
import { useConta } from '@/features/config/conta-api';
import { useLicencaStatus } from '@/features/licenca/api';
import { whiteLabelDaJanela } from '@/features/white-label/white-label';
import { mainNavFor } from '../nav-items';

/**
 * The role's main items. Licença (master only) shows while the licence is not an ERP sale (a failed check counts as
 * not one, spec part 1 §7) and the product is not in white-label mode (the account's whiteLabelId, or the host's).
 */
export function useMainNav(user: TCurrentUser) {
  const master = user.role === 'master';
  const status = useLicencaStatus(master);
  const conta = useConta(master);
  const licenca = master && !status.data?.isLicencaVendaERP && !conta.data?.whiteLabelId && !whiteLabelDaJanela();
  return mainNavFor(user.role, { licenca });
}
