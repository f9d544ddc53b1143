import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type TAssistenteInput,
  type TEventoIa,
  type TIaConfigInput,
  ZIaConfig,
  ZIaEstado,
  ZIaTeste,
  ZIaUsoMes,
  ZMensagemIa,
  ZTranscricao,
  ZTranscricaoEncontrada,
} from '@balcao/shared/ia';
import { API_BASE, ApiError, mensagemDoCorpo, refreshToken, request } from '@/lib/http';
import { getToken } from '@/lib/session-store';

export const iaKeys = {
  estado: ['ia', 'estado'] as const,
  config: ['ia', 'config'] as const,
  uso: ['ia', 'uso'] as const,
  historico: (atendimentoId: string) => ['ia', 'historico', atendimentoId] as const,
  transcricoes: (q: string) => ['ia', 'transcricoes', q] as const,
};

/** Whether the panel can be used at all: the licence's AI tool and a provider. */
export const useIaEstado = () =>
  useQuery({ queryKey: iaKeys.estado, queryFn: () => request('GET', '/api/ia/estado', ZIaEstado), staleTime: 60_000 });

export const useIaHistorico = (atendimentoId: string, enabled: boolean) =>
  useQuery({
    queryKey: iaKeys.historico(atendimentoId),
    queryFn: () => request('GET', `/api/ia/atendimentos/${atendimentoId}/mensagens`, ZMensagemIa.array()),
    enabled,
  });

export const useIaConfig = () => useQuery({ queryKey: iaKeys.config, queryFn: () => request('GET', '/api/ia/config', ZIaConfig) });
export const useIaUso = () => useQuery({ queryKey: iaKeys.uso, queryFn: () => request('GET', '/api/ia/uso', ZIaUsoMes) });

export function useSaveIaConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TIaConfigInput) => request('PUT', '/api/ia/config', ZIaConfig, body),
    onSuccess: (cfg) => {
      qc.setQueryData(iaKeys.config, cfg);
      void qc.invalidateQueries({ queryKey: iaKeys.estado });
    },
  });
}

export const useTestIa = () => useMutation({ mutationFn: () => request('POST', '/api/ia/config/testar', ZIaTeste) });

/** Voice notes whose transcript matches `q` (at least 2 characters), in the conversations the user sees. */
export const useBuscaTranscricoes = (q: string) =>
  useQuery({
    queryKey: iaKeys.transcricoes(q),
    queryFn: () => request('GET', `/api/ia/transcricoes?q=${encodeURIComponent(q)}`, ZTranscricaoEncontrada.array()),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });

export const transcrever = (mensagemId: string) => request('POST', `/api/ia/mensagens/${mensagemId}/transcrever`, ZTranscricao);

/** The server-sent events of one answer, parsed as they arrive. */
export async function* eventosSse(body: ReadableStream<Uint8Array>): AsyncGenerator<TEventoIa> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let fim = buffer.indexOf('\n\n');
    while (fim >= 0) {
      const bloco = buffer.slice(0, fim);
      buffer = buffer.slice(fim + 2);
      fim = buffer.indexOf('\n\n');
      const event = /^event: *(.+)$/m.exec(bloco)?.[1]?.trim();
      const data = bloco
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      if (event && data) yield { event, data: JSON.parse(data) } as TEventoIa;
    }
  }
}

/**
 * POST .../assistente as a stream (fetch, not EventSource: it is a POST with a body and a bearer token). A
 * refusal before the stream (402, 403, 409, 429) throws an ApiError with the server's words.
 */
export async function* pedirAssistente(atendimentoId: string, input: TAssistenteInput, signal: AbortSignal): AsyncGenerator<TEventoIa> {
  const go = (token: string | null) =>
    fetch(`${API_BASE}/api/ia/atendimentos/${atendimentoId}/assistente`, {
      method: 'POST',
      credentials: 'include',
      signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(input),
    });
  const token = getToken();
  let res = await go(token);
  if (res.status === 401 && token) {
    const fresh = await refreshToken();
    if (fresh) res = await go(fresh);
  }
  if (!res.ok || !res.body) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, mensagemDoCorpo(body) ?? '', (body as { code?: string } | null)?.code, undefined, body);
  }
  yield* eventosSse(res.body);
}
