import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CertificateExtension, generate } from 'selfsigned';
import type { PixConfig } from '../payments/config';
import { buildBrCode } from '../payments/pix/brcode';

/**
 * A local PSP speaking the API Pix (bacen/pix-api openapi 2.9.0) over https with mandatory client certificates,
 * built from test/vectors/pix-api (copied from ../shared/test-vectors/pix-api; its README lists the sources):
 * the OAuth2 token endpoint, PUT/GET/PATCH /cob/{txid}, the RFC 7807 errors as published, and the webhook
 * body. A self-signed CA made at start signs the server's certificate and the client certificate our provider
 * is given; a second, unrelated CA signs a "stranger" certificate the PSP refuses.
 */

const vector = <T = Record<string, unknown>>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./vectors/pix-api/${name}`, import.meta.url), 'utf8')) as T;

export const PIX_API_VECTORS = {
  cobAtiva: () => vector('cob_response_ativa.json'),
  cobConcluida: () => vector<{ pix: Record<string, unknown>[] }>('cob_response_concluida_with_pix.json'),
  webhookBody: () => vector<{ pix: Record<string, unknown>[] }>('webhook_callback_body.json'),
  errCobInvalida: () => vector('error_cob_request_invalid_400.json'),
  errOperacaoInvalida: () => vector('error_cob_operation_invalid_400.json'),
  errAcessoNegado: () => vector('error_access_denied_403.json'),
  errNaoEncontrado: () => vector('error_not_found_404.json'),
  errIndisponivel: () => vector('error_service_unavailable_503.json'),
};

type CertPair = { cert: string; key: string };
type FakePspFiles = { dir: string; ca: string; cert: string; key: string; strangerCert: string; strangerKey: string };

/** A CA, a server certificate for localhost/127.0.0.1 and a client certificate it signs; plus an unrelated client pair. */
async function makeCertificates(): Promise<{ ca: CertPair; server: CertPair; client: CertPair; stranger: CertPair }> {
  const caExtensions: CertificateExtension[] = [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
  ];
  const opts = { keyType: 'ec', algorithm: 'sha256' } as const;
  const ca = await generate([{ name: 'commonName', value: 'PSP de teste CA' }], { ...opts, extensions: caExtensions });
  const other = await generate([{ name: 'commonName', value: 'Outra CA' }], { ...opts, extensions: caExtensions });
  const server = await generate([{ name: 'commonName', value: 'localhost' }], { ...opts, ca: { key: ca.private, cert: ca.cert } });
  const client = await generate([{ name: 'commonName', value: 'balcao-cliente' }], { ...opts, ca: { key: ca.private, cert: ca.cert } });
  const stranger = await generate([{ name: 'commonName', value: 'intruso' }], { ...opts, ca: { key: other.private, cert: other.cert } });
  const pair = (p: { cert: string; private: string }) => ({ cert: p.cert, key: p.private });
  return { ca: pair(ca), server: pair(server), client: pair(client), stranger: pair(stranger) };
}

type CobState = {
  body: Record<string, unknown>;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  pix: Record<string, unknown>[];
};

export type FakePsp = {
  url: string;
  tokenUrl: string;
  prefix: string;
  clientId: string;
  clientSecret: string;
  files: FakePspFiles;
  cobs: Map<string, CobState>;
  /** Every request that passed the TLS handshake (method, path), in order. */
  requests: { method: string; path: string }[];
  tokensIssued: number;
  /** When true every endpoint answers the published 503 ServicoIndisponivel. */
  unavailable: boolean;
  /** Tokens issued so far answer 401 from now on (an early revocation). */
  revokeTokens(): void;
  /** The payer paid: the charge becomes CONCLUIDA with one `pix[]` item, returned (vector cobResponse2's item). */
  conclude(txid: string, endToEndId?: string): Record<string, unknown>;
  /**
   * The PSP's callback as API Pix sends it: `POST {webhookUrl}/pix` with `{ pix: [...] }` (the query string stays a
   * query string); answers the HTTP status.
   */
  sendWebhook(webhookUrl: string, pix: Record<string, unknown>[], headers?: Record<string, string>): Promise<number>;
  /** Our provider's config pointed at this PSP with the client certificate it trusts. */
  config(overrides?: Partial<Extract<PixConfig, { provider: 'api-pix' }>>): Extract<PixConfig, { provider: 'api-pix' }>;
  close(): Promise<void>;
};

/** An endToEndId in the schema's shape: E + 8-digit ISPB + yyyyMMddHHmm + 11 alphanumerics (32 in all). */
export const endToEndId = () =>
  `E12345678${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex').slice(0, 11)}`;

export async function startFakePsp(opts: { copiaECola?: boolean; tokenTtl?: number; prefix?: string } = {}): Promise<FakePsp> {
  const certs = await makeCertificates();
  const dir = mkdtempSync(path.join(tmpdir(), 'balcao-psp-'));
  const files: FakePspFiles = {
    dir,
    ca: path.join(dir, 'ca.pem'),
    cert: path.join(dir, 'cliente.pem'),
    key: path.join(dir, 'cliente.key'),
    strangerCert: path.join(dir, 'intruso.pem'),
    strangerKey: path.join(dir, 'intruso.key'),
  };
  writeFileSync(files.ca, certs.ca.cert);
  writeFileSync(files.cert, certs.client.cert);
  writeFileSync(files.key, certs.client.key);
  writeFileSync(files.strangerCert, certs.stranger.cert);
  writeFileSync(files.strangerKey, certs.stranger.key);

  const prefix = opts.prefix ?? '/api/v2';
  const clientId = 'balcao-client-id';
  const clientSecret = `segredo-${randomBytes(8).toString('hex')}`;
  const tokens = new Set<string>();
  const revoked = new Set<string>();
  const cobs = new Map<string, CobState>();
  const requests: FakePsp['requests'] = [];

  const problem = (res: import('node:http').ServerResponse, body: Record<string, unknown>) => {
    res.writeHead(Number(body.status), { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify(body));
  };
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const present = (txid: string, c: CobState) => ({ ...c.body, txid, status: c.status, ...(c.pix.length > 0 && { pix: c.pix }) });

  const server = https.createServer(
    { key: certs.server.key, cert: certs.server.cert, ca: [certs.ca.cert], requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'https://localhost');
        const raw = Buffer.concat(chunks).toString('utf8');
        requests.push({ method: req.method ?? '', path: url.pathname });
        if (psp.unavailable) return problem(res, PIX_API_VECTORS.errIndisponivel());

        if (req.method === 'POST' && url.pathname === '/oauth/token') {
          const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
            .toString()
            .split(':')
            .map(decodeURIComponent);
          if (user !== clientId || pass !== clientSecret) return json(res, 401, { error: 'invalid_client' });
          if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials')
            return json(res, 400, { error: 'unsupported_grant_type' });
          const token = randomBytes(16).toString('hex');
          tokens.add(token);
          psp.tokensIssued++;
          return json(res, 200, {
            access_token: token,
            token_type: 'Bearer',
            expires_in: opts.tokenTtl ?? 3600,
            scope: 'cob.write cob.read',
          });
        }

        const match = url.pathname.startsWith(`${prefix}/cob/`) ? decodeURIComponent(url.pathname.slice(prefix.length + 5)) : null;
        if (match === null) return problem(res, PIX_API_VECTORS.errNaoEncontrado());
        const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (revoked.has(bearer)) return json(res, 401, { error: 'invalid_token' });
        if (!tokens.has(bearer)) return problem(res, PIX_API_VECTORS.errAcessoNegado());
        const txid = match;
        let body: Record<string, unknown> = {};
        try {
          body = raw ? JSON.parse(raw) : {};
        } catch {
          return problem(res, PIX_API_VECTORS.errCobInvalida());
        }

        if (req.method === 'PUT') {
          if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) {
            return problem(res, {
              ...PIX_API_VECTORS.errCobInvalida(),
              violacoes: [{ razao: 'O campo txid não respeita o _schema_.', propriedade: 'txid' }],
            });
          }
          const valor = (body.valor as { original?: unknown } | undefined)?.original;
          if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor) || typeof body.chave !== 'string') {
            return problem(res, PIX_API_VECTORS.errCobInvalida());
          }
          if (cobs.has(txid)) return problem(res, PIX_API_VECTORS.errOperacaoInvalida());
          const template = PIX_API_VECTORS.cobAtiva();
          const location = `pix.example.com/qr/${randomBytes(16).toString('hex')}`;
          const { devedor: _devedor, infoAdicionais: _info, ...rest } = template;
          const created: Record<string, unknown> = {
            ...rest,
            calendario: { criacao: new Date().toISOString(), expiracao: (body.calendario as { expiracao?: number })?.expiracao ?? 3600 },
            revisao: 0,
            loc: { id: cobs.size + 1, location, tipoCob: 'cob' },
            location,
            valor: { original: valor, modalidadeAlteracao: 0 },
            chave: body.chave,
            solicitacaoPagador: body.solicitacaoPagador,
            ...(opts.copiaECola !== false && { pixCopiaECola: buildBrCode({ url: location, nome: 'PSP DE TESTE', cidade: 'BRASILIA' }) }),
          };
          const state: CobState = { body: created, status: 'ATIVA', pix: [] };
          cobs.set(txid, state);
          return json(res, 201, present(txid, state));
        }
        const state = cobs.get(txid);
        if (!state) return problem(res, PIX_API_VECTORS.errNaoEncontrado());
        if (req.method === 'GET') return json(res, 200, present(txid, state));
        if (req.method === 'PATCH') {
          if (body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || state.status !== 'ATIVA')
            return problem(res, PIX_API_VECTORS.errOperacaoInvalida());
          state.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
          state.body.revisao = Number(state.body.revisao ?? 0) + 1;
          return json(res, 200, present(txid, state));
        }
        return problem(res, PIX_API_VECTORS.errOperacaoInvalida());
      });
    },
  );
  // Handshakes refused for want of a trusted client certificate are the point; they are not worth a log line.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const psp: FakePsp = {
    url,
    tokenUrl: `${url}/oauth/token`,
    prefix,
    clientId,
    clientSecret,
    files,
    cobs,
    requests,
    tokensIssued: 0,
    unavailable: false,
    revokeTokens() {
      for (const t of tokens) revoked.add(t);
    },
    conclude(txid, e2e = endToEndId()) {
      const state = cobs.get(txid);
      if (!state) throw new Error(`PSP de teste: cobrança ${txid} não existe`);
      const { devolucoes: _devolucoes, ...item } = PIX_API_VECTORS.cobConcluida().pix[0]!;
      const pix = {
        ...item,
        endToEndId: e2e,
        txid,
        valor: (state.body.valor as { original: string }).original,
        horario: new Date().toISOString(),
      };
      state.status = 'CONCLUIDA';
      state.pix.push(pix);
      return pix;
    },
    async sendWebhook(webhookUrl, pix, headers = {}) {
      const u = new URL(webhookUrl);
      u.pathname = `${u.pathname.replace(/\/+$/, '')}/pix`;
      const r = await fetch(u, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ pix }),
      });
      await r.arrayBuffer();
      return r.status;
    },
    config(overrides = {}) {
      return {
        provider: 'api-pix',
        chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
        nome: 'Balcao Operador',
        cidade: 'Sao Paulo',
        baseUrl: url,
        tokenUrl: `${url}/oauth/token`,
        prefix,
        clientId,
        clientSecret,
        certPath: files.cert,
        keyPath: files.key,
        caPath: files.ca,
        expiracao: 3600,
        webhook: {},
        ...overrides,
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return psp;
}
