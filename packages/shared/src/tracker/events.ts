import type { TAnexo, TColuna, TTarefa, TVotacao } from './schemas';

/** The tracker's hub: staff sockets join their account's room; changes made over HTTP reach the others live. */
export const TRACKER_NAMESPACE = '/tracker';
export const TRACKER_EVENTS = {
  tarefa: 'TarefaAtualizada',
  tarefaRemovida: 'TarefaRemovida',
  colunas: 'ColunasAtualizadas',
  votacao: 'VotacaoAtualizada',
  anexos: 'AnexosAtualizados',
} as const;

export interface TrackerServerEvents {
  TarefaAtualizada: (tarefa: TTarefa) => void;
  TarefaRemovida: (payload: { id: string }) => void;
  ColunasAtualizadas: (colunas: TColuna[]) => void;
  /** Every value is null until the reveal: the client fills in its own. */
  VotacaoAtualizada: (votacao: TVotacao) => void;
  /** A task's whole file list after one was added or removed (oldest first). */
  AnexosAtualizados: (payload: { tarefaId: string; anexos: TAnexo[] }) => void;
}
export type TrackerClientEvents = Record<string, never>;
