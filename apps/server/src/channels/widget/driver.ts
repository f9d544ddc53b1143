import type { Server } from 'socket.io';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL } from '@balcao/shared/canais';
import { WIDGET_NAMESPACE, type WidgetServerEvents } from '@balcao/shared/widget';
import { rooms } from '../../lib/rooms';
import { presentWidgetMessage } from '../../modules/atendimentos/presenter';
import { typedNamespace } from '../../realtime/namespace';
import type { ChannelDriver } from '../driver';

type VisitorEmitter = {
  to: (r: string) => { emit: <E extends keyof WidgetServerEvents>(e: E, ...a: Parameters<WidgetServerEvents[E]>) => void };
};

/**
 * The website widget: the visitor's sockets get the messages, the status line and the typing indicator
 * directly (no outbox: a push cannot be refused, and nothing waits as 'pending'). Without a socket server (tests, jobs before start) there is nobody to tell: the visitor's page
 * loads the history when it connects.
 */
export class WidgetDriver implements ChannelDriver {
  readonly tipo = 'widget' as const;
  readonly capabilities = CAPACIDADES_CANAL.widget;
  constructor(private readonly io: () => Server | undefined) {}

  private visitor(row: TAtendimento) {
    const io = this.io();
    return io ? typedNamespace<VisitorEmitter>(io, WIDGET_NAMESPACE).to(rooms.visitor(row.clienteId, row.canalId)) : undefined;
  }

  deliver(_accountId: string, row: TAtendimento, msgs: TMensagem[]) {
    const to = this.visitor(row);
    for (const msg of msgs) to?.emit('Mensagem', presentWidgetMessage(msg));
  }

  state(row: TAtendimento, avaliacaoUrl: string | null) {
    this.visitor(row)?.emit('AtendimentoAtualizado', { status: row.status, atendenteNome: row.atendenteNome, avaliacaoUrl });
  }

  typing(row: TAtendimento, atendenteNome: string, digitando: boolean) {
    this.visitor(row)?.emit('Digitando', { atendenteNome, digitando });
  }
}
