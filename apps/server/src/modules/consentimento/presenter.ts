import type { TConsentimento } from '@balcao/shared/consentimento';
import type { ConsentimentoEventoRow } from '../../db/schema/consentimento';
import { estadosDe } from './queries';

/** The state per purpose and the history, newest first, as the customer panel and the directory show them. */
export function presentConsentimento(rows: { e: ConsentimentoEventoRow; atendenteNome: string | null }[]): TConsentimento {
  return {
    estados: estadosDe(rows.map((r) => r.e)).map((s) => ({ ...s, em: s.em?.toISOString() ?? null })),
    historico: rows.map(({ e, atendenteNome }) => ({
      id: e.id,
      finalidade: e.finalidade,
      evento: e.evento,
      origem: e.origem,
      motivo: e.motivo ?? e.textoMostrado,
      textoVersao: e.textoVersao,
      atendenteNome,
      em: e.em.toISOString(),
    })),
  };
}
