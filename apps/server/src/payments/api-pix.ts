import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { PixConfig } from './config';
import { buildBrCode, parseBrCode } from './pix/brcode';
import {
  type PaymentProvider,
  type PixProblem,
  type PixRecebido,
  type SituacaoCobranca,
  type StatusCobranca,
  pixProblemError,
  pixUnreachable,
} from './provider';

type ApiPixConfig = Extract<PixConfig, { provider: 'api-pix' }>;

/** API Pix txid of a charge: [a-zA-Z0-9]{26,35} (openapi `TxId`); 32 hex characters here. */
const API_PIX_TXID = /^[a-zA-Z0-9]{26,35}$/;
/** Each call to the PSP gives up after this long (it then answers 'indisponível'). */
const REQUEST_TIMEOUT_MS = 15_000;
/** A token is renewed this long before the PSP says it expires. */
const TOKEN_MARGIN_MS = 60_000;

type Answer = { status: number; body: unknown };

/** The PSP's answer to GET/PUT/PATCH /cob/{txid} (the fields we read; `CobGerada`/`CobCompleta`). */
type Cob = {
  txid?: string;
  status?: string;
  location?: string;
  loc?: { location?: string };
  pixCopiaECola?: string;
  pix?: Partial<PixRecebido>[];
};

const STATUSES: StatusCobranca[] = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'];

/** Reads the `pix[]` items the PSP sends (in GET /cob and the webhook), keeping only well-formed ones. */
export function pixItems(list: unknown): PixRecebido[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((p) => {
    const { endToEndId, txid, valor, horario } = (p ?? {}) as Partial<Record<keyof PixRecebido, unknown>>;
    if (typeof endToEndId !== 'string' || !endToEndId || typeof valor !== 'string') return [];
    return [{ endToEndId, txid: typeof txid === 'string' ? txid : '', valor, horario: typeof horario === 'string' ? horario : '' }];
  });
}

/**
 * API Pix (PIX_PROVIDER=api-pix), the Banco Central's standard every PSP implements: an OAuth2 client-credentials
 * token, then `PUT /cob/{txid}` to create, `GET /cob/{txid}` to read (ATIVA -> CONCLUIDA with `pix[]`) and
 * `PATCH /cob/{txid}` with REMOVIDA_PELO_USUARIO_RECEBEDOR to cancel. Every call (token included) goes over mTLS
 * with the client certificate the PSP issued. RFC 7807 errors become Portuguese PixProviderErrors.
 */
export function apiPixProvider(config: ApiPixConfig): PaymentProvider {
  const agent = new https.Agent({
    cert: readFileSync(config.certPath),
    key: readFileSync(config.keyPath),
    ...(config.caPath && { ca: readFileSync(config.caPath) }),
    keepAlive: true,
    maxSockets: 8,
  });
  let token: { value: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  function send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        url,
        { method, agent, headers: { accept: 'application/json', ...headers }, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) => reject(pixUnreachable(err)));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = null;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('tempo esgotado')));
      req.on('error', (err) => reject(pixUnreachable(err)));
      req.end(body);
    });
  }

  async function fetchToken(): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'client_credentials', ...(config.scope && { scope: config.scope }) });
    const basic = Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64');
    const answer = await send(
      'POST',
      config.tokenUrl,
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      form.toString(),
    );
    const body = (answer.body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (answer.status !== 200 || typeof body.access_token !== 'string') {
      throw pixProblemError(answer.status === 200 ? 502 : answer.status === 400 ? 401 : answer.status, answer.body as PixProblem);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    token = { value: body.access_token, until: Date.now() + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS) };
    return body.access_token;
  }

  /** A valid token; concurrent callers share one request. */
  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** A call to /cob; a 401 (token revoked early) gets one more try with a fresh token. */
  async function cob(method: 'PUT' | 'GET' | 'PATCH', txid: string, payload?: object): Promise<Cob> {
    const url = `${config.baseUrl}${config.prefix}/cob/${encodeURIComponent(txid)}`;
    const body = payload ? JSON.stringify(payload) : undefined;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}` };
      if (body) headers['content-type'] = 'application/json';
      const answer = await send(method, url, headers, body);
      if (answer.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status < 200 || answer.status > 299) throw pixProblemError(answer.status, answer.body as PixProblem);
      return (answer.body ?? {}) as Cob;
    }
  }

  /** The code to show: the PSP's `pixCopiaECola` when it reads as a BR Code, else one built for the charge's location. */
  function copiaECola(c: Cob): string {
    if (c.pixCopiaECola) {
      try {
        parseBrCode(c.pixCopiaECola);
        return c.pixCopiaECola;
      } catch {
        // A code the payer's bank would refuse is not shown; the location below makes a good one.
      }
    }
    const location = c.location ?? c.loc?.location;
    if (!location) throw pixProblemError(502, { title: 'A cobrança criada não trouxe o código PIX nem a sua localização.' });
    return buildBrCode({ url: location, nome: config.nome, cidade: config.cidade });
  }

  return {
    kind: 'api-pix',
    newTxid: () => randomBytes(16).toString('hex'),
    async createCharge({ txid, valor, descricao }) {
      if (!API_PIX_TXID.test(txid)) throw new Error(`txid inválido para a API Pix: ${txid}`);
      const created = await cob('PUT', txid, {
        calendario: { expiracao: config.expiracao },
        valor: { original: valor.toFixed(2) },
        chave: config.chave,
        solicitacaoPagador: descricao.slice(0, 140),
      });
      return { txid, pixCopiaECola: copiaECola(created) };
    },
    async readCharge(txid): Promise<SituacaoCobranca> {
      const c = await cob('GET', txid);
      const status = STATUSES.includes(c.status as StatusCobranca) ? (c.status as StatusCobranca) : 'ATIVA';
      return { status, pix: pixItems(c.pix) };
    },
    async cancelCharge(txid) {
      await cob('PATCH', txid, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    },
    close() {
      agent.destroy();
    },
  };
}
