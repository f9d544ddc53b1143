import type { Server } from 'socket.io';
import type { Publishers } from '../context';
import { AtendimentoEvents } from './atendimento-events';
import { publishChange } from './chat-interno-events';

/** The modules' publishers over Socket.IO: what `ctx.publish` is once the socket server is attached. */
export function socketPublishers(io: Server): Publishers {
  return {
    atendimentos: new AtendimentoEvents(io),
    chatInterno: (change, exceptSocketId) => publishChange(io, change, exceptSocketId),
  };
}
