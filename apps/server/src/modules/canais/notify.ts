import type { Server } from 'socket.io';
import { WIDGET_NAMESPACE } from '@balcao/shared/widget';
import { rooms } from '../../lib/rooms';

/**
 * A paused or deleted channel (or one whose sites changed) ends its open visitor sockets on every instance:
 * each widget reconnects and its handshake checks the channel again (refused when paused or deleted).
 */
export function closeCanalSockets(io: Server | undefined, canalId: string): void {
  io?.of(WIDGET_NAMESPACE).in(rooms.canal(canalId)).disconnectSockets(true);
}
