import type { Server } from 'socket.io';
import { ATENDIMENTO_NAMESPACE } from '@balcao/shared/atendimentos/realtime';
import { rooms } from '../../lib/rooms';
import { madeNamespace } from '../../realtime/internals';

/** A user whose department changed: their open customer-chat sockets change queue at once. */
export type RoomMove = { userId: string; from: string | null; to: string | null };

type StaffData = { user?: { id: string; departamentoId: string | null } };

/**
 * Sockets of the customer-chat hub keep the department they joined with (queue room and the staff record the
 * hub checks events against). Local sockets get both updated; sockets on other instances change rooms through
 * the adapter (their record is refreshed when they reconnect).
 */
export function moveDepartmentRooms(io: Server | undefined, moves: RoomMove[]): void {
  const nsp = madeNamespace(io, ATENDIMENTO_NAMESPACE);
  if (!nsp) return;
  for (const m of moves) {
    for (const socket of nsp.sockets.values()) {
      const staff = (socket.data as StaffData).user;
      if (staff?.id === m.userId) staff.departamentoId = m.to;
    }
    if (m.from) nsp.in(rooms.user(m.userId)).socketsLeave(rooms.department(m.from));
    if (m.to) nsp.in(rooms.user(m.userId)).socketsJoin(rooms.department(m.to));
  }
}

/** A deleted department's queue room is emptied everywhere. */
export function leaveDepartmentRooms(io: Server | undefined, depId: string): void {
  const nsp = madeNamespace(io, ATENDIMENTO_NAMESPACE);
  if (!nsp) return;
  nsp.in(rooms.department(depId)).socketsLeave(rooms.department(depId));
  for (const socket of nsp.sockets.values()) {
    const staff = (socket.data as StaffData).user;
    if (staff?.departamentoId === depId) staff.departamentoId = null;
  }
}
