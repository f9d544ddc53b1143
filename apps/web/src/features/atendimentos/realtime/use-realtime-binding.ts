import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { TAtendenteOnline } from '@balcao/shared/atendimentos';
import { LICENCA_EXPIRADA } from '@balcao/shared/licenca';
import { cachedCurrentUser } from '@/features/auth/api';
import { notifyLicencaExpirada, request } from '@/lib/http';
import { getToken } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { fetchMensagens, fetchUnknownConversa } from '../api';
import {
  applyServerConversa,
  applyEnvio,
  applyMensagem,
  applyPreview,
  applyServerPreview,
  applyStatus,
  conversaConhecida,
} from '../cache-sync';
import { atendimentoKeys } from '../keys';
import { mergeNewestPage, type TMensagensData } from '../message-cache';
import { atendimentoDoEnvio, forgetEnvio } from '../send';
import type { TChatHandlers } from './connection';
import { customerChat } from './customer-chat';
import { setPresence } from './presence-store';
import { isForaDaJanela, clearForaDaJanela, markForaDaJanela } from '../whatsapp';
import { trackMessage } from '@/features/analytics/analytics';
import { noteAtendimentoMensagem } from '@/features/notificacoes/eventos';

/** What the handlers read at event time: the open conversation changes while they live. */
const atual: { abertoId: string | null; conectadoComo: string | null } = {
  abertoId: null,
  conectadoComo: null,
};

const marcarLidasServidor = (id: string) => void request('POST', `/api/atendimento/${id}/lidas`, null).catch(() => undefined);

function criarHandlers(qc: QueryClient): TChatHandlers {
  return {
    get abertoId() {
      return atual.abertoId;
    },
    numeroDe: (id) => conversaConhecida(qc, id)?.numero ?? null,
    onMessage(m) {
      const user = cachedCurrentUser(qc);
      if (!user) return;
      const aberto = atual.abertoId === m.atendimentoId;
      applyMensagem(qc, m.mensagem);
      // The row follows its message (the hub sends a customer's message without its row); one held nowhere is read.
      if (!applyServerPreview(qc, m.mensagem, m.naoLidasNoServidor, aberto, user)) fetchUnknownConversa(qc, m.atendimentoId);
      // A customer's new message opens WhatsApp's 24-hour window again.
      if (m.mensagem.autor === 'cliente' && !m.mensagem.editada && !m.mensagem.apagada) {
        clearForaDaJanela(m.atendimentoId);
        trackMessage('recebida', conversaConhecida(qc, m.atendimentoId)?.origem ?? 'desconhecido', m.mensagem.tipo);
      }
      // The attendant is looking at it: the server's count goes to zero too.
      if (aberto && m.mensagem.autor === 'cliente') marcarLidasServidor(m.atendimentoId);
      // Sound, title count and a notification while the tab is hidden (features/notificacoes).
      noteAtendimentoMensagem(m.mensagem, conversaConhecida(qc, m.atendimentoId), user.id, aberto, m.fromName);
    },
    onStatus(u) {
      applyStatus(qc, u);
      // A refusal's reason (Meta's error in Portuguese) travels on the message, not on the status event: read it.
      if (u.status === 'failed' && qc.getQueryData(atendimentoKeys.mensagens(u.atendimentoId)))
        void fetchMensagens(u.atendimentoId, null)
          .then((page) =>
            qc.setQueryData<TMensagensData>(atendimentoKeys.mensagens(u.atendimentoId), (data) => mergeNewestPage(data, page)),
          )
          .catch(() => undefined);
    },
    onRow(row) {
      const user = cachedCurrentUser(qc);
      if (!user) return;
      const antes = conversaConhecida(qc, row.atendimentoId);
      applyServerConversa(qc, row, user);
      // The customer's history changes when an atendimento starts or ends, not with every message.
      if (antes?.status !== row.status) void qc.invalidateQueries({ queryKey: atendimentoKeys.cliente(row.clienteId) });
    },
    onPresence: setPresence,
    onListPresence: (a: TAtendenteOnline[]) => qc.setQueryData(atendimentoKeys.atendentes(), a),
    onAck(clientId, ack) {
      const atendimentoId = atendimentoDoEnvio(clientId);
      forgetEnvio(clientId);
      if (ack.ok) {
        applyMensagem(qc, ack.mensagem);
        const user = cachedCurrentUser(qc);
        if (user) applyPreview(qc, ack.mensagem, undefined, true, user);
      } else if (atendimentoId) {
        applyEnvio(qc, atendimentoId, clientId, 'falhou', ack.message);
        if (ack.code === LICENCA_EXPIRADA) notifyLicencaExpirada();
        // Outside WhatsApp's 24-hour window the composer says so until the customer writes again.
        if (isForaDaJanela(ack)) markForaDaJanela(atendimentoId);
        else toast.error(ack.message);
      }
    },
    onConnected() {
      // A client that (re)connects fetches what it missed outside the rooms (ARCHITECTURE, Delivery).
      void qc.invalidateQueries({ queryKey: atendimentoKeys.listas() });
      const id = atual.abertoId;
      if (!id) return;
      void qc.invalidateQueries({ queryKey: atendimentoKeys.detalhe(id) });
      void fetchMensagens(id, null)
        .then((page) => qc.setQueryData<TMensagensData>(atendimentoKeys.mensagens(id), (data) => mergeNewestPage(data, page)))
        .catch(() => undefined);
    },
  };
}

/**
 * Opens the customer-chat connection for the signed-in user and points its events at the cache (spec part 2 §4:
 * opened after authentication, so counts stay live on every page). The returned function closes it.
 */
export function startCustomerChat(qc: QueryClient, userId: string): () => void {
  // A different user on this tab (logout and login within one check): its own socket and rooms, no old queue.
  if (atual.conectadoComo && atual.conectadoComo !== userId) customerChat.stop(true);
  atual.conectadoComo = userId;
  customerChat.setHandlers(criarHandlers(qc));
  customerChat.start();
  // Logout forgets the queue with the session; a tab that only went inactive keeps it for when it is active again.
  return () => customerChat.stop(getToken() === null);
}

/** The /atendimentos page tells the handlers which atendimento is on screen (its unread count stays zero). */
export function useAtendimentoAberto(abertoId: string | null) {
  useEffect(() => {
    atual.abertoId = abertoId;
    return () => {
      atual.abertoId = null;
    };
  }, [abertoId]);
}
