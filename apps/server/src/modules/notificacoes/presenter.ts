import { NOTIFICACAO_EVENTOS, PREFERENCIAS_PADRAO, type TNotificacaoPreferencias } from '@balcao/shared/notificacoes';
import type { notificacaoPreferencias } from '../../db/schema/notificacoes';

type Row = Pick<typeof notificacaoPreferencias.$inferSelect, 'som' | 'navegador' | 'push' | 'mostrarPrevia' | 'eventos'>;

/** A user's preferences: the defaults where nothing was saved, every event named (one added later starts on). */
export function presentPreferencias(row: Row | undefined): TNotificacaoPreferencias {
  if (!row) return structuredClone(PREFERENCIAS_PADRAO);
  const eventos = Object.fromEntries(NOTIFICACAO_EVENTOS.map((e) => [e, row.eventos[e] ?? PREFERENCIAS_PADRAO.eventos[e]]));
  return { som: row.som, navegador: row.navegador, push: row.push, mostrarPrevia: row.mostrarPrevia, eventos } as TNotificacaoPreferencias;
}
