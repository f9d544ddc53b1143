import type { Server } from 'socket.io';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL, ZCanalWidgetInput } from '@balcao/shared/canais';
import { WIDGET_NAMESPACE, type WidgetServerEvents } from '@balcao/shared/widget';
import { rooms } from '../../lib/rooms';
import { presentWidgetMessage } from '../../modules/atendimentos/presenter';
import { typedNamespace } from '../../realtime/namespace';
import type { ChannelDriver } from '../driver';
import type { AppContext } from '../../context';
import type { CanalRow } from '../../db/schema/atendimentos';
import { publicOrigin } from '../../lib/public-origin';
import { closeCanalSockets } from '../../modules/canais/notify';
import { presentCanal } from '../../modules/canais/presenter';
import { updateWidgetCanal } from '../../modules/canais/service';
import { countMensagem } from '../../lib/metrics';

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
  constructor(private readonly ctx: Pick<AppContext, 'io' | 'db' | 'cipher' | 'publicUrl'>) {}

  private io(): Server | undefined {
    return this.ctx.io;
  }

  /** The site's settings; turning it off or changing its sites closes the visitors' sockets (they reconnect under the new rules). */
  readonly settings = {
    schema: ZCanalWidgetInput,
    update: async (accountId: string, canal: CanalRow, input: unknown) => {
      const { row, closeSockets } = await updateWidgetCanal(this.ctx.db, accountId, canal.id, ZCanalWidgetInput.parse(input));
      if (closeSockets) closeCanalSockets(this.ctx.io, row.id);
      return presentCanal(row, publicOrigin(this.ctx), this.ctx.cipher.decrypt(row.segredoCifrado));
    },
  };

  private visitor(row: TAtendimento) {
    const io = this.io();
    return io ? typedNamespace<VisitorEmitter>(io, WIDGET_NAMESPACE).to(rooms.visitor(row.clienteId, row.canalId)) : undefined;
  }

  deliver(_accountId: string, row: TAtendimento, msgs: TMensagem[]) {
    const to = this.visitor(row);
    for (const msg of msgs) to?.emit('Mensagem', presentWidgetMessage(msg));
    // Handed to the visitor's room: the widget's only send (no queue, no provider to confirm it).
    countMensagem('widget', 'saida', 'enviada', msgs.filter((m) => m.autor !== 'cliente').length);
  }

  state(row: TAtendimento, avaliacaoUrl: string | null) {
    this.visitor(row)?.emit('AtendimentoAtualizado', { status: row.status, atendenteNome: row.atendenteNome, avaliacaoUrl });
  }

  typing(row: TAtendimento, atendenteNome: string, digitando: boolean) {
    this.visitor(row)?.emit('Digitando', { atendenteNome, digitando });
  }
}
