/**
 * Meta's Graph API for the WhatsApp Cloud API, reached at WHATSAPP_GRAPH_URL (Meta's by default; tests and
 * staging point it elsewhere) and WHATSAPP_GRAPH_VERSION. Every call carries the channel's access token as
 * a bearer token; errors come back as GraphError with Meta's code and a Portuguese text for people.
 */
export type GraphConfig = { baseUrl: string; version: string };

/** Meta's error codes read by people in Balcão (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). */
const ERROS_META: Record<number, string> = {
  0: 'Falha de autenticação no Meta: gere um novo token de acesso.',
  3: 'O app do Meta não tem permissão para esta operação.',
  4: 'Limite de chamadas à API do Meta atingido; tente novamente em instantes.',
  10: 'Permissão negada pelo Meta: confira as permissões do token (whatsapp_business_messaging).',
  100: 'O Meta não reconheceu um dos dados enviados (confira o Phone number ID e o token).',
  190: 'O token de acesso do Meta é inválido ou expirou: gere um novo e salve o canal.',
  200: 'Permissão negada pelo Meta para este número.',
  368: 'O número está temporariamente bloqueado por violar as políticas do WhatsApp.',
  80007: 'Limite de chamadas da conta do WhatsApp Business atingido; tente novamente em instantes.',
  130429: 'Limite de envios deste número atingido; o envio será tentado de novo em instantes.',
  130472: 'O número do cliente faz parte de um experimento do Meta; a mensagem não foi entregue.',
  131000: 'Erro interno do WhatsApp; tente novamente.',
  131005: 'Acesso negado pelo Meta: confira as permissões do token.',
  131008: 'Falta um dado obrigatório na mensagem.',
  131009: 'Um dado da mensagem não foi aceito pelo WhatsApp.',
  131016: 'O WhatsApp está indisponível no momento; tente novamente.',
  131021: 'O destinatário não pode ser o próprio número da empresa.',
  131026: 'Mensagem não entregue: o número pode não ter WhatsApp ou estar com uma versão antiga.',
  131031: 'A conta do WhatsApp Business foi bloqueada pelo Meta.',
  131042: 'Problema de pagamento na conta do WhatsApp Business.',
  131062: 'Este tipo de mensagem não pode ser enviado a um cliente identificado só pelo nome de usuário do WhatsApp.',
  131047: 'Passaram-se mais de 24 horas desde a última mensagem do cliente: só é possível enviar um modelo aprovado.',
  131051: 'Tipo de mensagem não suportado pelo WhatsApp.',
  131052: 'Não foi possível baixar a mídia enviada pelo cliente.',
  131053: 'Não foi possível enviar a mídia (formato ou tamanho não aceitos pelo WhatsApp).',
  131056: 'Muitas mensagens para este cliente em pouco tempo; o envio será tentado de novo em instantes.',
  133010: 'O número ainda não está registrado na Cloud API.',
};
/**
 * Worth another try later: Meta's rate limits (the number's throughput 130429, the pair limit 131056 on
 * messages to one customer), its transient errors and 5xx.
 */
const RETRYABLE = new Set([4, 80007, 130429, 131000, 131016, 131056]);

export const graphErrorPt = (code: number | null, fallback?: string | null): string =>
  (code !== null ? ERROS_META[code] : undefined) ??
  `Erro do WhatsApp${code !== null ? ` (código ${code})` : ''}${fallback ? `: ${fallback}` : ''}.`;

export class GraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number | null,
    readonly details: string | null,
    readonly retryable: boolean,
  ) {
    super(graphErrorPt(code, details));
  }
}

type MetaTemplate = {
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  components?: { type?: string; text?: string }[];
};

/** Connection failures before any byte of the request left (fetch's cause codes from Node and undici). */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const neverConnected = (err: unknown) => NEVER_CONNECTED.has(String((err as { cause?: { code?: unknown } })?.cause?.code ?? ''));
const SEM_RESPOSTA_ENVIO =
  'sem resposta do Meta; a mensagem pode ter chegado ao cliente. Confira no WhatsApp do cliente e reenvie se necessário';

/** A 16 MB video on a slow uplink still reaches Meta. */
const UPLOAD_TIMEOUT_MS = 120_000;

type MetaErrorBody = { error?: { message?: string; code?: number; error_data?: { details?: string } } };

export class GraphClient {
  constructor(
    private readonly config: GraphConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private url(path: string) {
    return `${this.config.baseUrl.replace(/\/+$/, '')}/${this.config.version}/${path}`;
  }

  /** `repeatable`: a POST whose repetition harms nobody (a media upload), tried again after any failure. */
  private async call<T>(url: string, token: string, init: RequestInit = {}, opts = { timeoutMs: 20_000, repeatable: false }): Promise<T> {
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        ...init,
        // A FormData body sets its own multipart type (with its boundary).
        headers: { authorization: `Bearer ${token}`, ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      // A send whose request may have reached Meta (a timeout, a connection cut after writing) is not tried
      // again by itself: the same message must never reach the customer twice. Nothing was sent when the
      // connection never opened, so that one waits and tries again like Meta's rate limit.
      const maybeSent = init.method === 'POST' && !opts.repeatable && !neverConnected(err);
      throw new GraphError(0, null, maybeSent ? SEM_RESPOSTA_ENVIO : `sem resposta do Meta (${(err as Error).message})`, !maybeSent);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) {
      const e = (body as MetaErrorBody | null)?.error;
      const code = typeof e?.code === 'number' ? e.code : null;
      throw new GraphError(
        res.status,
        code,
        e?.error_data?.details ?? e?.message ?? `HTTP ${res.status}`,
        res.status >= 500 || (code !== null && RETRYABLE.has(code)),
      );
    }
    return body as T;
  }

  /** The number as Meta reads it ('Testar conexão'). */
  phoneNumber(phoneNumberId: string, token: string) {
    return this.call<{ display_phone_number?: string; verified_name?: string; id?: string }>(
      this.url(`${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`),
      token,
    );
  }

  /** POST /{phone-number-id}/messages with Meta's body; answers the new message's wamid. */
  async sendMessage(phoneNumberId: string, token: string, body: Record<string, unknown>): Promise<string> {
    const r = await this.call<{ messages?: { id?: string }[] }>(this.url(`${encodeURIComponent(phoneNumberId)}/messages`), token, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    const id = r?.messages?.[0]?.id;
    if (!id) throw new GraphError(200, null, 'resposta do Meta sem o id da mensagem', true);
    return id;
  }

  /**
   * POST /{phone-number-id}/media (multipart: messaging_product, type, file): Meta keeps the file and answers its
   * id, which a message then names instead of a link, so Meta never fetches anything from us.
   */
  async uploadMedia(phoneNumberId: string, token: string, file: { bytes: Buffer; mime: string; filename: string }): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mime);
    form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.filename);
    const r = await this.call<{ id?: string }>(
      this.url(`${encodeURIComponent(phoneNumberId)}/media`),
      token,
      { method: 'POST', body: form },
      { timeoutMs: UPLOAD_TIMEOUT_MS, repeatable: true },
    );
    if (!r?.id) throw new GraphError(200, null, 'resposta do Meta sem o id da mídia', true);
    return r.id;
  }

  /** POST /{phone-number-id}/messages with `status: read`: the customer sees blue ticks up to this message. */
  async markRead(phoneNumberId: string, token: string, messageId: string): Promise<void> {
    await this.call(this.url(`${encodeURIComponent(phoneNumberId)}/messages`), token, {
      method: 'POST',
      body: JSON.stringify({ messaging_product: 'whatsapp', status: 'read', message_id: messageId }),
    });
  }

  /** GET /{waba-id}/message_templates: the account's templates with their status and components (first 100). */
  messageTemplates(wabaId: string, token: string) {
    return this.call<{ data?: MetaTemplate[] }>(
      this.url(`${encodeURIComponent(wabaId)}/message_templates?fields=name,language,status,category,components&limit=100`),
      token,
    );
  }

  /** GET /{media-id}: where the customer's file is (a short-lived URL), its type and size. */
  media(mediaId: string, token: string) {
    return this.call<{ url?: string; mime_type?: string; file_size?: number }>(this.url(encodeURIComponent(mediaId)), token);
  }

  /** The file itself: the media URL with the bearer token, refused past `maxBytes`. */
  async download(url: string, token: string, maxBytes: number): Promise<Buffer> {
    let res: Response;
    try {
      res = await this.fetchImpl(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
    } catch (err) {
      throw new GraphError(0, null, `sem resposta do Meta (${(err as Error).message})`, true);
    }
    if (!res.ok) throw new GraphError(res.status, 131052, `HTTP ${res.status}`, res.status >= 500);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > maxBytes) throw new GraphError(413, 131052, 'arquivo grande demais', false);
    const buf = Buffer.from(await res.arrayBuffer());
    if (buf.length > maxBytes) throw new GraphError(413, 131052, 'arquivo grande demais', false);
    return buf;
  }
}
