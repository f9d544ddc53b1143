import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZWapiSessao, type TWapiPareamento, type TWapiSessao } from '@balcao/shared/wapi';
import { customerChat, useConnectionState } from '@/features/atendimentos/realtime/customer-chat';
import { integracoesKeys } from '@/features/integracoes/api';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const key = (userId: string) => ['wapi', userId] as const;
/** While WhatsApp is about to send a QR or a new one, the card reads the session again this often. */
const WAITING_POLL_MS = 2000;
const waiting = (s: TWapiSessao | undefined) => s?.estado === 'conectando' || s?.estado === 'qr';

/**
 * GET /wapi/clients/{userId}/qr: the session as the card shows it; pushed changes keep it current (useWapiAoVivo),
 * and it is also re-read every 2 s while a QR is up or coming.
 */
export const useWapiSessao = (userId: string | undefined) =>
  useQuery({
    queryKey: key(userId ?? ''),
    queryFn: () => request('GET', `/wapi/clients/${userId}/qr`, ZWapiSessao),
    enabled: Boolean(userId),
    refetchInterval: (q) => (waiting(q.state.data) ? WAITING_POLL_MS : false),
  });

/**
 * The card follows the session live, whatever its state: every ReceiveWhatsAppEvent (pushed to admins and master
 * on each change: a new QR, a logout on the phone, a connection opened elsewhere) replaces what it shows, and the
 * banner's integrations are read again when the state changes. After the hub reconnects, the session is read
 * again (a change may have been pushed while it was away).
 */
export function useWapiAoVivo(userId: string | undefined) {
  const qc = useQueryClient();
  const conexao = useConnectionState();
  const anterior = useRef(conexao);
  useEffect(() => {
    if (!userId) return;
    return customerChat.onWhatsAppEvent((e) => {
      if (e.tipo !== 'wapi.sessao') return;
      const antes = qc.getQueryData<TWapiSessao>(key(userId));
      qc.setQueryData(key(userId), e.sessao);
      if (antes?.estado !== e.sessao.estado || antes?.ativo !== e.sessao.ativo)
        void qc.invalidateQueries({ queryKey: integracoesKeys.all });
    });
  }, [qc, userId]);
  useEffect(() => {
    const antes = anterior.current;
    anterior.current = conexao;
    if (userId && conexao === 'connected' && antes !== 'connected') void qc.invalidateQueries({ queryKey: key(userId) });
  }, [conexao, qc, userId]);
}

type Acao = 'conectar' | 'desconectar' | 'pausar' | 'ativar';
const FALHA: Record<Acao, string> = {
  conectar: 'Não foi possível iniciar a conexão.',
  desconectar: 'Não foi possível desconectar.',
  pausar: 'Não foi possível pausar.',
  ativar: 'Não foi possível ativar.',
};

/** conectar, desconectar, pausar, ativar: the answer is the new session; the banner and the modal read it at once. */
export function useWapiAcao(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (acao: Acao) => request('POST', `/wapi/clients/${userId}/${acao}`, ZWapiSessao),
    onSuccess: (sessao) => {
      qc.setQueryData(key(userId ?? ''), sessao);
      void qc.invalidateQueries({ queryKey: integracoesKeys.all });
    },
    onError: (err, acao) => toast.error(errorMessage(err, FALHA[acao])),
  });
}

/** POST .../pareamento: a code to type on the phone instead of the QR. Field errors stay with the form. */
export function useWapiPareamento(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TWapiPareamento) => request('POST', `/wapi/clients/${userId}/pareamento`, ZWapiSessao, body),
    onSuccess: (sessao) => qc.setQueryData(key(userId ?? ''), sessao),
  });
}
