import { baileysSocket, type SocketFactory } from './socket';

export type WapiConfig = {
  /** The transport: Baileys' socket, or a fake (tests and the e2e server's entry, test/e2e-main.ts). */
  socket: SocketFactory;
  /** Least time between two sends of one number (env WAPI_SEND_GAP_MS). */
  sendGapMs: number;
  /** How long an instance owns a session without renewing, and how often it renews (and looks for orphans). */
  leaseMs: number;
  renewMs: number;
  /**
   * How often the owner of a session looks for sends stored by other instances (the database is how they are
   * forwarded to it: each instance writes 'pending', only the owner's socket sends).
   */
  scanMs: number;
  /** First reconnect wait after an unexpected close (doubles each time, at most 60 s). */
  backoffBaseMs: number;
};
export const WAPI_DEFAULTS: WapiConfig = {
  socket: baileysSocket(),
  sendGapMs: 1500,
  // An instance killed without letting go: another takes its numbers over within leaseMs + renewMs (25 s).
  leaseMs: 20_000,
  renewMs: 5_000,
  scanMs: 2000,
  backoffBaseMs: 1000,
};
