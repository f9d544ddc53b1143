import { z } from 'zod';
import { FERRAMENTA_IA, LICENCA_PADRAO } from '../licenca';

/** Spec part 1 §5: the licence confirmation always sends 5 users. */
export const LICENCA_USUARIOS_CONFIRMACAO = 5;
/** A paid charge extends the due date by this many months, from the later of today and the due date. */
export const LICENCA_MESES_POR_PAGAMENTO = 1;
/** Most seats one confirmation may ask for (a typo must not become a R$ 1,000,000 charge). */
export const LICENCA_USUARIOS_MAX = 500;
/** The most a charge may ask, in reais: `valor_centavos` is a 32-bit integer of centavos. */
export const LICENCA_VALOR_MAX = 21_474_836.47;

/** GET /backend/Licenca/isLicencaVendaERP (spec part 1 §3). */
export const ZIsLicencaVendaERP = z.object({ result: z.boolean() });
/** GET /backend/Licenca/getdatavencimento (spec part 1 §3 "Due-date data"). */
export const ZDataVencimento = z.object({ dataVencimento: z.string(), isDataVencimentoFutura: z.boolean() });
export type TDataVencimento = z.infer<typeof ZDataVencimento>;

/** GET /backend/licenca/get (spec part 1 §3 "Licence"): the licence being contracted (the confirmed one, else the current). */
export const ZLicenca = z.object({ numeroUsuarios: z.number().int(), ferramentas: z.array(z.string()) });
export type TLicenca = z.infer<typeof ZLicenca>;

export const ZFerramentaDisponivel = z.object({ id: z.string(), nome: z.string(), valor: z.number() });
/** GET /backend/licenca/getlicencainfo (spec part 1 §3 "Licence info"; defaults 149, 0, 1). */
export const ZLicencaInfo = z.object({
  valorBase: z.number(),
  valorPorUsuario: z.number(),
  numeroUsuariosIsentos: z.number().int(),
  ferramentasDisponiveis: z.array(ZFerramentaDisponivel),
});
export type TLicencaInfo = z.infer<typeof ZLicencaInfo>;

/** POST /backend/licenca/confirmalicenca (spec part 1 §7). */
export const ZConfirmaLicencaInput = z.object({
  NumeroUsuarios: z
    .number({ error: 'Informe o número de usuários.' })
    .int('O número de usuários deve ser inteiro.')
    .min(1, 'A licença precisa de pelo menos 1 usuário.')
    .max(LICENCA_USUARIOS_MAX, `A licença pode ter no máximo ${LICENCA_USUARIOS_MAX} usuários.`),
  FerramentasIdsSelecionadas: z.array(z.string().max(60), { error: 'Informe a lista de ferramentas.' }).max(20).default([]),
});
export type TConfirmaLicencaInput = z.infer<typeof ZConfirmaLicencaInput>;

/** GET /backend/licenca/getcobranca and POST /backend/licenca/gerarcobranca (spec part 1 §3 "Charge"). */
export const ZCobranca = z.object({
  pago: z.boolean(),
  /** Reais, e.g. 149 or 172.5. */
  valor: z.number(),
  /** ISO-8601. */
  dataCriacao: z.string(),
  /** The QR image of pixCopia: a data:image/png URL. */
  qrCode: z.string(),
  /** The PIX copy-and-paste code (BR Code). */
  pixCopia: z.string(),
  /** What the charge is for (its order), which may differ from the licence in force; absent from older servers. */
  numeroUsuarios: z.number().int().optional(),
  ferramentas: z.array(z.string()).optional(),
});
export type TCobranca = z.infer<typeof ZCobranca>;

/** GET /backend/licenca/verificarpagamento. */
export const ZVerificarPagamento = z.object({ pago: z.boolean() });

/**
 * Spec part 1 §5: valorBase + max(0, users − numeroUsuariosIsentos) × valorPorUsuario + the price of each chosen tool
 * (the AI assistant), in reais, rounded to centavos.
 */
export function precoLicenca(info: TLicencaInfo, numeroUsuarios: number, ferramentas: readonly string[]): number {
  const cents = (v: number) => Math.round(v * 100);
  const tools = info.ferramentasDisponiveis.filter((f) => ferramentas.includes(f.id)).reduce((sum, f) => sum + cents(f.valor), 0);
  const seats = Math.max(0, numeroUsuarios - info.numeroUsuariosIsentos) * cents(info.valorPorUsuario);
  return (cents(info.valorBase) + seats + tools) / 100;
}

/** The AI tool as getlicencainfo lists it (its id is what confirmalicenca sends, spec part 1 §7). */
export const FERRAMENTA_IA_NOME = 'Inteligência Artificial';
export const LICENCA_INFO_PADRAO = {
  valorBase: LICENCA_PADRAO.valorBase,
  valorPorUsuario: LICENCA_PADRAO.valorPorUsuario,
  numeroUsuariosIsentos: LICENCA_PADRAO.numeroUsuariosIsentos,
  ferramentaIa: FERRAMENTA_IA,
} as const;

/** What the licence calls answer when refusing (the payment dialog shows the server's message, spec part 1 §8). */
export const LICENCA_COBRANCA_TEXTS = {
  soMaster: 'Apenas o titular da conta (master) pode ver e pagar a licença.',
  semCobranca: 'Nenhuma cobrança encontrada.',
  semCobrancaPendente: 'Não há cobrança pendente para cancelar.',
  jaPaga: 'Esta cobrança já foi paga e não pode ser cancelada.',
  vendaErp: 'Esta licença foi vendida por um parceiro ERP: a renovação é feita com ele.',
  ferramentaDesconhecida: (id: string) => `Ferramenta desconhecida: ${id}.`,
  usuariosEmUso: (n: number) => `Há ${n} usuários atendentes ativos: contrate pelo menos ${n} usuários.`,
  cobrancaCancelada: 'Cobrança cancelada.',
} as const;

/** POST /backend/operador/licenca/confirmar-pagamento: the operator saw a static PIX for this charge in its bank. */
export const ZConfirmarPagamentoOperador = z.object({
  databaseName: z.string().trim().min(1, 'Informe o databaseName da conta.'),
  txid: z.string().trim().min(1, 'Informe o txid da cobrança.'),
  /**
   * The amount received, in reais, as the bank statement shows it: with a static PIX the payer writes the code,
   * so the txid alone proves nothing about what was paid.
   */
  valor: z
    .number({ message: 'Informe o valor recebido, em reais.' })
    .positive('Informe o valor recebido, em reais.')
    .max(LICENCA_VALOR_MAX, 'Valor recebido fora do limite.'),
  /** The PIX's end-to-end id from the bank statement, when at hand (default: one per charge). */
  endToEndId: z.string().trim().min(1).max(64).optional(),
});
/** What the charge was for and what it asks: the operator checks it against the bank statement. */
const ZPedidoCobranca = z.object({ numeroUsuarios: z.number().int(), ferramentas: z.array(z.string()), valor: z.number() });
export const ZConfirmarPagamentoOperadorResposta = z.object({
  pago: z.literal(true),
  aplicado: z.boolean(),
  dataVencimento: z.string(),
  pedido: ZPedidoCobranca,
});

/** POST /backend/operador/licenca/venda-erp: the account's licence is sold through an ERP partner (or not). */
export const ZVendaErpOperador = z.object({
  databaseName: z.string().trim().min(1, 'Informe o databaseName da conta.'),
  vendaErp: z.boolean(),
});

/**
 * POST /backend/operador/licenca/vencimento: the operator sets the account's due date (a contract agreed outside
 * PIX, a correction, a staging account made to expire).
 */
export const ZVencimentoOperador = z.object({
  databaseName: z.string().trim().min(1, 'Informe o databaseName da conta.'),
  dataVencimento: z.iso.datetime({ offset: true, error: 'Informe a data de vencimento em ISO 8601 (ex.: 2026-12-31T23:59:59Z).' }),
});

/** Spec part 1 §4, §9: the licence's timings on screen. */
export const LICENCA_TEMPOS = {
  /** The copy button reads 'Código PIX Copiado!' this long. */
  copiadoMs: 3000,
  /** The payment dialog closes this long after the payment is confirmed. */
  fecharAposPagoMs: 2000,
  /** The due date is checked again this often. */
  recheckMs: 30 * 60_000,
  /** While the blocker is up it is checked this often, so a renewal by the master frees everyone soon. */
  recheckBloqueadoMs: 30_000,
} as const;

/** Spec part 1 §1: the contracted package shown to the master (the AI assistant is shown apart, as included or not). */
export const itensDoPacote = (numeroUsuarios: number = LICENCA_PADRAO.numeroUsuarios) => [
  'WhatsApp integrado',
  `${numeroUsuarios} usuários atendentes`,
  'Dashboard e relatórios',
  'Atendimentos ilimitados',
];

/** Spec part 1 §2 and §8: the expiry blocker's, the payment dialog's and the licence toasts' texts, to the letter. */
export const LICENCA_UI_TEXTS = {
  bloqueioTitulo: 'Licença Expirada',
  bloqueioTexto: 'Sua licença expirou e o acesso ao sistema está temporariamente bloqueado.',
  renovarAgora: 'Renovar Agora',
  renovacaoRapida: 'Renovação rápida: ~2 min',
  garantia: 'Garantia de 30 dias',
  passos: [
    'Entre em contato com o suporte da sua empresa.',
    'Fale com o setor financeiro responsável pela assinatura.',
    'Peça a renovação da licença ao titular da conta.',
  ],
  contato: 'As mensagens dos clientes continuam sendo recebidas. O acesso volta sozinho assim que a licença for renovada.',
  aguardando: 'Aguardando renovação da licença',
  verificandoTitulo: 'Verificando Pagamentos',
  verificandoTexto: 'Aguarde enquanto verificamos se há pagamentos pendentes...',
  gerando: 'Gerando seu pagamento...',
  criando: 'Criando cobrança...',
  pendente: 'Pagamento Pendente',
  copiar: 'Copiar código PIX',
  copiado: 'Código PIX Copiado!',
  verificar: 'Verificar pagamento',
  cancelar: 'Cancelar cobrança',
  assistenteIa: 'Assistente de IA',
  erroGerar: 'Erro ao gerar pagamento',
  erroGerarTexto: 'Não foi possível gerar a cobrança. Tente novamente.',
  erroQr: 'Erro ao gerar QR Code',
  tentarNovamente: 'Tentar novamente',
  erroCopiar: 'Erro ao copiar',
  erroCopiarTexto: 'Não foi possível copiar o código PIX. Tente novamente.',
  erroVerificar: 'Erro ao verificar pagamento',
  erroVerificarPadrao: 'Tente novamente mais tarde',
  pendenteToast: 'Pagamento pendente',
  pendenteToastTexto: 'Ainda não identificamos seu pagamento. Se você já pagou, aguarde alguns instantes e tente novamente.',
  confirmado: 'Pagamento confirmado!',
  confirmadoTexto: 'Seu pagamento foi processado com sucesso. Sua plataforma foi ativada.',
  cancelado: 'Pagamento Cancelado',
  erroCancelar: 'Erro ao cancelar',
  erroCancelarPadrao: 'Erro ao cancelar pagamento',
} as const;

/** Spec part 1 §5: currency with comma decimals and two places (R$ 149,00). */
export const formatReais = (valor: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 }).format(valor);
