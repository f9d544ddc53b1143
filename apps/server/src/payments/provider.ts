import { AppError } from '../lib/errors';

/** A charge to create: the licence's amount in reais and a text the payer's bank shows. */
type NovaCobranca = { txid: string; valor: number; descricao: string };

/** What the payer needs: the PIX copy-and-paste code (the QR image is made from it). */
type CobrancaCriada = { txid: string; pixCopiaECola: string };

/** One PIX received for a charge (API Pix `Pix`), as the PSP reports it in `GET /cob` or in its webhook. */
export type PixRecebido = { endToEndId: string; txid: string; valor: string; horario: string };

/** API Pix `status` of a charge. */
export type StatusCobranca = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
export type SituacaoCobranca = { status: StatusCobranca; pix: PixRecebido[] };

/**
 * One interface for every way the licence is paid (chosen by PIX_PROVIDER). The licence service never branches
 * on the provider: it asks for a txid, creates, reads and cancels charges, and applies payments it is told of.
 */
export interface PaymentProvider {
  readonly kind: 'static' | 'api-pix';
  /** A fresh txid in the provider's format (static 62-05: 25 letters/digits; API Pix: 26 to 35). */
  newTxid(): string;
  createCharge(cobranca: NovaCobranca): Promise<CobrancaCriada>;
  /** The charge as the provider sees it; null when the provider cannot see payments (static: the operator confirms). */
  readCharge(txid: string): Promise<SituacaoCobranca | null>;
  /** Stops the charge from being paid (API Pix PATCH REMOVIDA_PELO_USUARIO_RECEBEDOR); static: nothing to tell. */
  cancelCharge(txid: string): Promise<void>;
  /** Releases connections (API Pix keeps an mTLS agent alive). */
  close(): void;
}

/** Without PIX_PROVIDER: creating a charge answers this (spec: the dialog shows 'Erro ao gerar pagamento' and retries). */
export class NoPaymentProvider extends AppError {
  constructor() {
    super(503, 'PIX_NAO_CONFIGURADO', 'Pagamento por PIX não está configurado neste servidor. Avise o suporte.');
  }
}

/** RFC 7807 body of an API Pix error (`application/problem+json`). */
export type PixProblem = {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  violacoes?: { razao?: string; propriedade?: string; valor?: string }[];
};

/**
 * A PSP's refusal or absence, in Portuguese for the person who pays; the PSP's own problem stays on the error for
 * the log. Unavailable (503, network, TLS) answers 503; a refusal answers 502 (our request or our credentials).
 */
export class PixProviderError extends AppError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly pspStatus: number | null,
    readonly problem?: PixProblem,
  ) {
    super(status, code, message);
  }
}

const problemName = (p?: PixProblem) => p?.type?.split('/').pop() ?? '';

/** Maps a PSP's answer (status and RFC 7807 body) to our error. */
export function pixProblemError(pspStatus: number, problem?: PixProblem): PixProviderError {
  const name = problemName(problem);
  if (pspStatus === 503 || name === 'ServicoIndisponivel') {
    return new PixProviderError(
      503,
      'PIX_INDISPONIVEL',
      'O provedor PIX está indisponível no momento. Tente novamente mais tarde.',
      pspStatus,
      problem,
    );
  }
  if (pspStatus === 401 || pspStatus === 403 || name === 'AcessoNegado') {
    return new PixProviderError(
      502,
      'PIX_ACESSO_NEGADO',
      'O provedor PIX recusou o acesso do servidor. Avise o suporte para conferir as credenciais e o certificado do PIX.',
      pspStatus,
      problem,
    );
  }
  if (pspStatus === 404 || name === 'NaoEncontrado') {
    return new PixProviderError(502, 'PIX_COBRANCA_NAO_ENCONTRADA', 'A cobrança não foi encontrada no provedor PIX.', pspStatus, problem);
  }
  if (pspStatus === 400 || name.endsWith('OperacaoInvalida')) {
    const razoes = (problem?.violacoes ?? []).map((v) => v.razao).filter(Boolean);
    const why = razoes.length > 0 ? ` ${razoes.join(' ')}` : problem?.title ? ` ${problem.title}` : '';
    return new PixProviderError(502, 'PIX_OPERACAO_INVALIDA', `O provedor PIX recusou a operação.${why}`, pspStatus, problem);
  }
  return new PixProviderError(
    502,
    'PIX_ERRO',
    `O provedor PIX respondeu com um erro (HTTP ${pspStatus}). Tente novamente mais tarde.`,
    pspStatus,
    problem,
  );
}

/** The PSP could not be reached (DNS, refused connection, TLS handshake, timeout). */
export function pixUnreachable(cause: unknown): PixProviderError {
  const err = new PixProviderError(
    503,
    'PIX_INDISPONIVEL',
    'Não foi possível falar com o provedor PIX no momento. Tente novamente mais tarde.',
    null,
  );
  err.cause = cause;
  return err;
}
