import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import {
  TRACKER_EVENTS,
  TRACKER_NAMESPACE,
  type TrackerClientEvents,
  type TrackerServerEvents,
  type TVotacao,
} from '@balcao/shared/tracker';
import { hub } from '@/lib/realtime';
import { applyAnexos, applyTarefa, mergeVotacao, removeTarefa, trackerKeys } from './api';

type TTrackerSocket = Socket<TrackerServerEvents, TrackerClientEvents>;

/**
 * While a tracker screen is open it listens to the account's tracker hub: another user's change lands in the
 * cache (no polling). After a drop socket.io reconnects on its own and the screen refetches what it missed.
 */
export function useTrackerLive(eu: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    const socket = hub<TTrackerSocket>(TRACKER_NAMESPACE, { reconnection: true, reconnectionDelay: 1000, reconnectionDelayMax: 10_000 });
    let conectouAntes = false;
    socket.on('connect', () => {
      if (conectouAntes) void qc.invalidateQueries({ queryKey: trackerKeys.all });
      conectouAntes = true;
    });
    socket.on(TRACKER_EVENTS.tarefa, (t) => applyTarefa(qc, t));
    socket.on(TRACKER_EVENTS.tarefaRemovida, ({ id }) => removeTarefa(qc, id));
    socket.on(TRACKER_EVENTS.anexos, ({ tarefaId, anexos }) => applyAnexos(qc, tarefaId, anexos));
    socket.on(TRACKER_EVENTS.colunas, (colunas) => qc.setQueryData(trackerKeys.colunas, colunas));
    socket.on(TRACKER_EVENTS.votacao, (v) =>
      qc.setQueryData<TVotacao>(trackerKeys.votacao(v.tarefaId), (antes) => mergeVotacao(antes, v, eu)),
    );
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, [qc, eu]);
}
