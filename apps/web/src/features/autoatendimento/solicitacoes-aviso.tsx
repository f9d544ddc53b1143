import { useEffect } from 'react';
import { AUTOATENDIMENTO_TEXTS as T } from '@balcao/shared/autoatendimento';
import type { TRole } from '@balcao/shared/roles';
import { toast } from '@/lib/toast';
import { useQuantidadeSolicitacoes } from './api';
import { shouldShowAviso } from './aviso';

/** Who answers the ERP's requests (the count answers 403 to the others): those at the customer chat. */
const atende = (role: TRole) => role === 'master' || role === 'admin' || role === 'atendente';

/** Spec part 2 §4: polls the pending count and raises the notice, at most once per 300000 ms. Renders nothing. */
export function SolicitacoesAviso({ role }: { role: TRole }) {
  const { data, dataUpdatedAt } = useQuantidadeSolicitacoes(atende(role));
  // Each answer counts (the same number again after 300000 ms shows the notice again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt is the trigger
  useEffect(() => {
    if (data !== undefined && shouldShowAviso(data)) toast.info(T.avisoTitulo, T.avisoDescricao(data));
  }, [data, dataUpdatedAt]);
  return null;
}
