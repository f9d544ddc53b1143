import type { Server } from 'socket.io';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL } from '@balcao/shared/canais';
import { WIDGET_NAMESPACE, type WidgetServerEvents } from '@balcao/shared/widget';
import { presentWidgetMessage } from '../../modules/atendimentos/presenter';
import type { ChannelDriver } from '../driver';

/** Every socket of one visitor on one channel (their tabs and the popout). */
export const visitorRoom = (clienteId: string, canalId: string) => `visitante:${clienteId}:${canalId}`;

type VisitorEmitter = {
  to: (r: string) => { emit: <E extends keyof WidgetServerEvents>(e: E, ...a: Parameters<WidgetServerEvents[E]>) => void };
};

/**
 * The website widget: the visitor's sockets get the messages, the status line and the typing indicator
 * directly. Without a socket server (tests, jobs before start) there is nobody to tell: the visitor's page
 * loads the history when it connects.
 */
export class WidgetDriver implements ChannelDriver {
  readonly tipo = 'widget' as const;
  readonly capabilities = CAPACIDADES_CANAL.widget;
  constructor(private readonly io: () => Server | undefined) {}

  private visitor(row: TAtendimento) {
    const nsp = this.io()?.of(WIDGET_NAMESPACE) as unknown as VisitorEmitter | undefined;
    return nsp?.to(visitorRoom(row.clienteId, row.canalId));
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
