import type { TAnexo, TColuna, TTarefa, TVotacao } from '@balcao/shared/tracker';

/** How tracker changes reach the account's other screens live (realtime/tracker-events.ts implements it). */
export type TrackerPublisher = {
  tarefa: (accountId: string, tarefa: TTarefa) => void;
  removida: (accountId: string, id: string) => void;
  colunas: (accountId: string, colunas: TColuna[]) => void;
  /** The round with every value hidden until the reveal: the same payload for every voter. */
  votacao: (accountId: string, votacao: TVotacao) => void;
  /** A task's file list after an upload or a removal. */
  anexos: (accountId: string, tarefaId: string, anexos: TAnexo[]) => void;
};

const nothing = () => undefined;
export const silentTrackerPublisher: TrackerPublisher = {
  tarefa: nothing,
  removida: nothing,
  colunas: nothing,
  votacao: nothing,
  anexos: nothing,
};
