import type { Namespace, Server } from 'socket.io';
import { TRACKER_EVENTS, TRACKER_NAMESPACE, type TrackerClientEvents, type TrackerServerEvents } from '@balcao/shared/tracker';
import type { AppContext } from '../context';
import type { TSessionUser } from '../lib/session';
import { rooms } from '../lib/rooms';
import type { TrackerPublisher } from '../modules/tracker/publisher';
import { typedNamespace } from './namespace';
import { useStaffAuth } from './server';

type TrackerNamespace = Namespace<TrackerClientEvents, TrackerServerEvents, Record<string, never>, { user: TSessionUser }>;
const trackerNamespace = (io: Server) => typedNamespace<TrackerNamespace>(io, TRACKER_NAMESPACE);

/** The tracker hub: every staff role listens (the handshake joins the account's room); it sends nothing. */
export function registerTrackerHub(io: Server, ctx: Pick<AppContext, 'db' | 'tokens'>): void {
  useStaffAuth(io, TRACKER_NAMESPACE, ctx, async (user) => ({ user, rooms: [] }));
}

/** Emits to the account's room: task ids are uuids, so nothing reaches another account. */
export function trackerEvents(current: () => Server | undefined): TrackerPublisher {
  const to = (accountId: string) => {
    const io = current();
    return io ? trackerNamespace(io).to(rooms.account(accountId)) : null;
  };
  return {
    tarefa: (accountId, tarefa) => to(accountId)?.emit(TRACKER_EVENTS.tarefa, tarefa),
    removida: (accountId, id) => to(accountId)?.emit(TRACKER_EVENTS.tarefaRemovida, { id }),
    colunas: (accountId, colunas) => to(accountId)?.emit(TRACKER_EVENTS.colunas, colunas),
    votacao: (accountId, votacao) => to(accountId)?.emit(TRACKER_EVENTS.votacao, votacao),
    anexos: (accountId, tarefaId, anexos) => to(accountId)?.emit(TRACKER_EVENTS.anexos, { tarefaId, anexos }),
  };
}
