import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { beforeEachWrite } from './internals';

/**
 * Everything written to one connection in one turn of the event loop reaches the kernel in one system call
 * (writev) instead of one per frame. Why: a message is told to every attendant socket, and a batch stored
 * together is broadcast in the same turn, so one call per frame made writev a large share of the server's
 * time (docs/desempenho.md). The socket is
 * corked at its first write of a turn and uncorked on process.nextTick: nothing waits for a timer, order is
 * kept, and a write made while corked is sent with the others.
 */
export function coalesceWrites(socket: Duplex) {
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  beforeEachWrite(socket, () => {
    if (corked) return;
    corked = true;
    socket.cork();
    process.nextTick(uncork);
  });
}

/** The `ws` server Socket.IO is given (engine.io's `wsEngine` option): every WebSocket connection coalesces its writes. */
export class CoalescingWebSocketServer extends WebSocketServer {
  override handleUpgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    callback: (client: WebSocket, request: IncomingMessage) => void,
  ): void {
    coalesceWrites(socket);
    super.handleUpgrade(req, socket, head, callback);
  }
}
