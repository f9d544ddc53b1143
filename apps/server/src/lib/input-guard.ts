import type { FastifyRequest } from 'fastify';
import type { Server } from 'socket.io';
import { BadRequest } from './errors';

/** PostgreSQL text cannot hold U+0000 (a query with one failed as a 500): any input carrying it is refused. */
export const NUL_TEXT = 'O texto contém um caractere inválido.';
const MAX_DEPTH = 20;

/** The path of the first string holding a NUL byte (`busca`, `itens.0.nome`, `_` for the value itself), or null. */
function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
    const found = findNul(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Fastify preValidation hook: query, route params and JSON body, before any schema or handler sees them. */
export async function refuseNulInput(req: FastifyRequest): Promise<void> {
  const field = findNul(req.query) ?? findNul(req.params) ?? findNul(req.body);
  if (field) throw new BadRequest(NUL_TEXT, { [field]: [NUL_TEXT] });
}

/**
 * Every Socket.IO event of every namespace: a payload with a NUL byte is answered `{ ok: false, code, message }`
 * on its acknowledgement (the shape all our hubs use) and never reaches the handler.
 */
export function refuseNulPackets(io: Server): void {
  io.on('new_namespace', (nsp) => {
    nsp.on('connection', (socket) => {
      socket.use((packet, next) => {
        const args = packet.slice(1);
        const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (r: unknown) => void) : null;
        if (!findNul(args)) return next();
        ack?.({ ok: false, code: 'VALIDATION', message: NUL_TEXT });
      });
    });
  });
}
