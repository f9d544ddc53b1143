import type { Server } from 'socket.io';
import type { Publishers } from '../context';
import type { CustomerDelivery } from '../modules/atendimentos/publisher';
import { AtendimentoEvents } from './atendimento-events';
import { publishChange } from './chat-interno-events';
import { trackerEvents } from './tracker-events';

/**
 * The modules' publishers: built once (server.ts) and carried on the context. `io` may be a getter read at
 * each change, so the publisher exists before the socket server is attached and works without one (webhooks,
 * jobs, tests): staff then hear nothing, the customer's channel driver still delivers.
 */
export function socketPublishers(io: Server | (() => Server | undefined), customers?: CustomerDelivery): Publishers {
  const current = typeof io === 'function' ? io : () => io;
  return {
    atendimentos: new AtendimentoEvents(current, customers),
    chatInterno: (change, exceptSocketId) => {
      const server = current();
      if (server) publishChange(server, change, exceptSocketId);
    },
    tracker: trackerEvents(current),
  };
}
