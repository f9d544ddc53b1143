import type { FastifyBaseLogger } from 'fastify';
import type { AtendimentoRow, CanalRow } from '../../../db/schema/atendimentos';

/** Where events come in: the channel, how a conversation it opens starts, and who is told. */
export type IngestSource = {
  /** `tipo`, when given, labels the channel's message counts (balcao_mensagens_total). */
  canal: Pick<CanalRow, 'id' | 'accountId'> & Partial<Pick<CanalRow, 'tipo'>>;
  /** Asked only when a new atendimento opens: whether this customer had finished ones on the channel. */
  origem: (hadPrevious: boolean) => AtendimentoRow['origem'];
  departamentoId: string | null;
  /** The widget: the visitor's other tabs see their own message, and their status line when it opens. */
  toVisitor?: boolean;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};
