import type { Server } from 'socket.io';
import { ATENDIMENTO_NAMESPACE } from '@balcao/shared/atendimentos/realtime';
import { sessionRooms } from '../auth/sessions';

/** The queue room of a department in the customer-chat hub (realtime/atendimento-events staffRooms.department). */
const departmentRoom = (id: string) => `department:${id}`;

/** A user whose department changed: their open customer-chat sockets change queue at once. */
export type RoomMove = { userId: string; from: string | null; to: string | null };

type StaffData = { staff?: { id: string; departamentoId: string | null } };

/**
 * Sockets of the customer-chat hub keep the department they joined with (queue room and the staff record the
 * hub checks events against). Local sockets get both updated; sockets on other instances change rooms through
 * the adapter (their record is refreshed when they reconnect).
 */
export function moveDepartmentRooms(io: Server | undefined, moves: RoomMove[]): void {
  const nsp = io?._nsps.get(ATENDIMENTO_NAMESPACE);
  if (!nsp) return;
  for (const m of moves) {
    for (const socket of nsp.sockets.values()) {
      const staff = (socket.data as StaffData).staff;
      if (staff?.id === m.userId) staff.departamentoId = m.to;
    }
    if (m.from) nsp.in(sessionRooms.user(m.userId)).socketsLeave(departmentRoom(m.from));
    if (m.to) nsp.in(sessionRooms.user(m.userId)).socketsJoin(departmentRoom(m.to));
  }
}

/** A deleted department's queue room is emptied everywhere. */
export function leaveDepartmentRooms(io: Server | undefined, depId: string): void {
  const nsp = io?._nsps.get(ATENDIMENTO_NAMESPACE);
  if (!nsp) return;
  nsp.in(departmentRoom(depId)).socketsLeave(departmentRoom(depId));
  for (const socket of nsp.sockets.values()) {
    const staff = (socket.data as StaffData).staff;
    if (staff?.departamentoId === depId) staff.departamentoId = null;
  }
}
