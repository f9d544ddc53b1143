import type { Server } from 'socket.io';
import { WIDGET_NAMESPACE } from '@balcao/shared/widget';

/** Every visitor socket of a channel is in this room (the widget hub joins it at the handshake). */
export const canalRoom = (canalId: string) => `canal:${canalId}`;

/**
 * A paused or deleted channel (or one whose sites changed) ends its open visitor sockets on every instance:
 * each widget reconnects and its handshake checks the channel again (refused when paused or deleted).
 */
export function closeCanalSockets(io: Server | undefined, canalId: string): void {
  io?.of(WIDGET_NAMESPACE).in(canalRoom(canalId)).disconnectSockets(true);
}
