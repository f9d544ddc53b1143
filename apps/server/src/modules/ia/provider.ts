import OpenAI, { APIConnectionTimeoutError, APIError, toFile } from 'openai';
import { IA_TEXTS, type TUsoIa } from '@balcao/shared/ia';
import { AppError } from '../../lib/errors';
import { iaChamadas, iaDuracao, iaPrimeiroToken, iaTokens, type OperacaoIa, type ResultadoIa } from '../../lib/metrics';

/** The operator's defaults (env IA_*): any OpenAI-compatible API by base URL. */
export type IaDefaults = {
  baseUrl: string | null;
  apiKey: string | null;
  modelo: string | null;
  modeloTranscricao: string | null;
  limiteTokensMes: number | null;
  /** Calls one user may start a minute; unset: IA_CHAMADAS_POR_MINUTO. */
  chamadasPorMinuto?: number;
};

/** The provider one call goes to: the account's own settings over the operator's. */
export type Provedor = { baseUrl: string; apiKey: string | null; modelo: string; modeloTranscricao: string | null };

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** A chat answer's wait for the provider; transcriptions of long notes take longer. */
const CHAT_TIMEOUT_MS = 60_000;
const TRANSCRICAO_TIMEOUT_MS = 120_000;

// One client per provider setting: the SDK keeps its connection pool per instance.
const clients = new Map<string, OpenAI>();
function clientOf(p: Provedor, timeout: number): OpenAI {
  const key = `${p.baseUrl}\u0000${p.apiKey ?? ''}\u0000${timeout}`;
  let c = clients.get(key);
  if (!c) {
    // No retries: the attendant is waiting and reads "try again in N s" instead of a silent wait.
    // Self-hosted providers (Ollama, vLLM) take no key; the SDK still wants one.
    c = new OpenAI({ baseURL: p.baseUrl, apiKey: p.apiKey || 'sem-chave', maxRetries: 0, timeout });
    if (clients.size > 200) clients.clear();
    clients.set(key, c);
  }
  return c;
}

const usoDe = (u: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null | undefined): TUsoIa => ({
  promptTokens: u?.prompt_tokens ?? 0,
  completionTokens: u?.completion_tokens ?? 0,
  totalTokens: u?.total_tokens ?? (u?.prompt_tokens ?? 0) + (u?.completion_tokens ?? 0),
});

/** How a provider call ended, for balcao_ia_chamadas_total. */
function resultadoDe(err: unknown, signal?: AbortSignal): ResultadoIa {
  if (signal?.aborted) return 'cancelada';
  return err instanceof APIError && err.status === 429 ? 'limite' : 'erro';
}

/** Counts one call, its duration and the tokens the provider reported (series in lib/metrics.ts). */
function medir(operacao: OperacaoIa) {
  const fim = iaDuracao.startTimer({ operacao });
  return (resultado: ResultadoIa, uso?: TUsoIa) => {
    fim();
    iaChamadas.inc({ operacao, resultado });
    if (uso?.promptTokens) iaTokens.inc({ tipo: 'entrada' }, uso.promptTokens);
    if (uso?.completionTokens) iaTokens.inc({ tipo: 'saida' }, uso.completionTokens);
  };
}

/** Streams a chat completion: each piece of text as it comes, then the usage the provider reported. */
export async function* streamChat(
  p: Provedor,
  messages: ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<{ texto: string } | { uso: TUsoIa }> {
  const fim = medir('chat');
  const primeiro = iaPrimeiroToken.startTimer();
  // Until the stream ends or fails, the reader left early (the attendant closed the panel or the page).
  let resultado: ResultadoIa = 'cancelada';
  let uso: TUsoIa | null = null;
  let esperando = true;
  try {
    const stream = await clientOf(p, CHAT_TIMEOUT_MS).chat.completions.create(
      { model: p.modelo, messages, stream: true, stream_options: { include_usage: true } },
      { signal },
    );
    for await (const chunk of stream) {
      const texto = chunk.choices[0]?.delta?.content;
      if (chunk.usage) uso = usoDe(chunk.usage);
      if (!texto) continue;
      if (esperando) {
        esperando = false;
        primeiro();
      }
      yield { texto };
    }
    resultado = 'ok';
    yield { uso: uso ?? usoDe(null) };
  } catch (err) {
    resultado = resultadoDe(err, signal);
    throw err;
  } finally {
    fim(resultado, uso ?? undefined);
  }
}

/** A whole answer (the settings' 'Testar'). */
export async function completeChat(p: Provedor, messages: ChatMessage[]): Promise<{ texto: string; uso: TUsoIa }> {
  const fim = medir('teste');
  try {
    const r = await clientOf(p, CHAT_TIMEOUT_MS).chat.completions.create({ model: p.modelo, messages, max_tokens: 40 });
    const uso = usoDe(r.usage);
    fim('ok', uso);
    return { texto: r.choices[0]?.message?.content ?? '', uso };
  } catch (err) {
    fim(resultadoDe(err));
    throw err;
  }
}

/** Whisper-compatible /audio/transcriptions (multipart). */
export async function transcribe(p: Provedor, audio: Buffer, filename: string, mimeType: string): Promise<string> {
  const model = p.modeloTranscricao ?? 'whisper-1';
  const file = await toFile(audio, filename, { type: mimeType });
  const fim = medir('transcricao');
  try {
    const r = await clientOf(p, TRANSCRICAO_TIMEOUT_MS).audio.transcriptions.create({ file, model });
    fim('ok');
    return r.text.trim();
  } catch (err) {
    fim(resultadoDe(err));
    throw err;
  }
}

/** Seconds the provider asked us to wait (retry-after, in seconds or as a date). */
function retryAfterS(headers: Headers | undefined): number | null {
  const v = headers?.get('retry-after');
  if (!v) return null;
  const n = Number(v);
  if (Number.isFinite(n)) return Math.max(1, Math.ceil(n));
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

const isContextLength = (e: APIError) => {
  const body = e.error as { code?: string; message?: string } | undefined;
  return (
    e.code === 'context_length_exceeded' ||
    body?.code === 'context_length_exceeded' ||
    /context length|maximum context|too many tokens/i.test(e.message)
  );
};

/** A provider failure as the attendant reads it, with a stable code and the status our API answers with. */
export function providerError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof APIConnectionTimeoutError) return new AppError(504, 'IA_TEMPO_ESGOTADO', IA_TEXTS.tempoEsgotado);
  if (err instanceof APIError) {
    const s = err.status;
    if (s === 401 || s === 403) return new AppError(502, 'IA_CHAVE_INVALIDA', IA_TEXTS.chaveInvalida);
    if (s === 429) return new AppError(429, 'IA_LIMITE_PROVEDOR', IA_TEXTS.limiteProvedor(retryAfterS(err.headers)));
    if (s === 400 && isContextLength(err)) return new AppError(413, 'IA_CONTEXTO_LONGO', IA_TEXTS.contextoLongo);
    if (s === 404) return new AppError(502, 'IA_MODELO', IA_TEXTS.modeloNaoEncontrado);
    if (s === undefined || s >= 500) return new AppError(502, 'IA_INDISPONIVEL', IA_TEXTS.provedorIndisponivel);
    const body = err.error as { message?: string } | undefined;
    return new AppError(502, 'IA_ERRO', IA_TEXTS.provedorErro((body?.message ?? err.message).slice(0, 200)));
  }
  return new AppError(502, 'IA_INDISPONIVEL', IA_TEXTS.provedorIndisponivel);
}
