import { widgetSnippet, type TCanal } from '@balcao/shared/canais';
import type { WidgetCanalRow } from '../../db/schema/atendimentos';

/** The channel as admins see it: with the snippet for their site and the identity key. */
export function presentCanal(row: WidgetCanalRow, host: string, segredo: string | null): TCanal {
  return {
    id: row.id,
    tipo: row.tipo,
    nome: row.nome,
    ativo: row.ativo,
    token: row.token,
    config: row.config,
    segredo,
    snippet: widgetSnippet(host, row.token),
    criadoEm: row.createdAt.toISOString(),
  };
}
