import { z } from 'zod';

/** What a customer may agree to receive (LGPD opt-in per purpose). */
export const FINALIDADES = ['whatsapp', 'email'] as const;
export type TFinalidade = (typeof FINALIDADES)[number];
export const ROTULO_FINALIDADE: Record<TFinalidade, string> = {
  whatsapp: 'Mensagens pelo WhatsApp',
  email: 'E-mails',
};

/** A purpose's state: never asked, asked (no answer yet), accepted, declined or revoked after accepting. */
export const ESTADOS_CONSENTIMENTO = ['nunca_solicitado', 'solicitado', 'aceito', 'recusado', 'revogado'] as const;
export type TEstadoConsentimento = (typeof ESTADOS_CONSENTIMENTO)[number];
export const ROTULO_ESTADO: Record<TEstadoConsentimento, string> = {
  nunca_solicitado: 'Nunca solicitado',
  solicitado: 'Aguardando resposta',
  aceito: 'Aceito',
  recusado: 'Recusado',
  revogado: 'Revogado',
};

/** One line of the history: what happened, by what. */
export const EVENTOS_CONSENTIMENTO = ['solicitado', 'aceito', 'recusado', 'revogado'] as const;
export type TEventoConsentimento = (typeof EVENTOS_CONSENTIMENTO)[number];
export const ROTULO_EVENTO: Record<TEventoConsentimento, string> = {
  solicitado: 'Confirmação pedida',
  aceito: 'Aceito',
  recusado: 'Recusado',
  revogado: 'Revogado',
};
export const ORIGENS_CONSENTIMENTO = ['pagina', 'resposta', 'atendente', 'widget', 'erp'] as const;
export type TOrigemConsentimento = (typeof ORIGENS_CONSENTIMENTO)[number];
export const ROTULO_ORIGEM: Record<TOrigemConsentimento, string> = {
  pagina: 'Página de confirmação',
  resposta: 'Resposta do cliente',
  atendente: 'Registro do atendente',
  widget: 'Formulário do chat do site',
  erp: 'API de autoatendimento (ERP)',
};

/** How long a confirmation link answers. */
export const CONSENTIMENTO_LINK_DIAS = 30;

/** The text the customer is shown, with its version (kept on each answer: what they agreed to). */
export const CONSENTIMENTO_TEXTO_VERSAO = '2026-12-06';
export const CONSENTIMENTO_TEXTO =
  'Autorizo o envio de mensagens (avisos, lembretes e ofertas) pelos canais acima. Posso cancelar quando quiser: basta responder SAIR no WhatsApp ou pedir à empresa.';

export const CONSENTIMENTO_TEXTS = {
  convite: 'Para continuar recebendo nossas mensagens, confirme aqui:',
  /** What the conversation shows of the request: the link itself goes to the customer alone. */
  conviteNaConversa: 'Pedido de confirmação de recebimento de mensagens enviado ao cliente.',
  assuntoEmail: 'Confirme se deseja receber nossas mensagens',
  semNumero: 'Este cliente não tem número de WhatsApp.',
  semEmail: 'Este cliente não tem e-mail.',
  foraDaJanela: 'O cliente não escreveu nas últimas 24 horas: peça a confirmação por e-mail ou quando ele voltar a escrever.',
  recusadoWhatsApp: 'O cliente recusou ou cancelou o recebimento de mensagens pelo WhatsApp (LGPD).',
  linkInvalido: 'Este link de confirmação não existe ou foi digitado errado.',
  linkExpirado: 'Este link de confirmação expirou. Peça um novo link à empresa.',
  linkUsado: 'Esta confirmação já foi respondida.',
  respostaSair: 'Pronto: você não vai mais receber nossas mensagens por aqui. Para voltar a receber, responda VOLTAR.',
  respostaVoltar: 'Pronto: você voltará a receber nossas mensagens. Para parar, responda SAIR.',
  motivoObrigatorio: 'Diga o motivo do registro.',
  palavraInvalida: 'Use palavras de 1 a 20 letras, sem espaços.',
  palavraFaltando: 'Informe pelo menos uma palavra.',
  palavrasDemais: 'Use no máximo 10 palavras.',
  respostaFaltando: 'Escreva a resposta automática.',
  respostaLonga: 'Use no máximo 1000 caracteres.',
  nuncaSolicitadoAviso: 'Este cliente ainda não confirmou que aceita receber mensagens. A conta decide se envia mesmo assim.',
} as const;

export const ZFinalidade = z.enum(FINALIDADES);
export const ZSolicitarConsentimento = z.object({ canal: ZFinalidade });
export type TSolicitarConsentimento = z.infer<typeof ZSolicitarConsentimento>;

/** An attendant's record of an answer the customer gave elsewhere (a call, in person), with a reason. */
export const ZRegistrarConsentimento = z.object({
  finalidade: ZFinalidade,
  aceito: z.boolean(),
  motivo: z.string().trim().min(1, CONSENTIMENTO_TEXTS.motivoObrigatorio).max(500),
});
export type TRegistrarConsentimento = z.infer<typeof ZRegistrarConsentimento>;

/** An opt-in given on the widget's pre-chat form or through the ERP API, with the text shown there. */
export const ZOptInExterno = z.object({
  finalidades: z.array(ZFinalidade).min(1).max(FINALIDADES.length),
  textoMostrado: z.string().trim().min(1).max(2000),
});
export type TOptInExterno = z.infer<typeof ZOptInExterno>;

/** POST /backend/api/public/consentimento (integration key): an ERP records the opt-in its customer gave there. */
export const ZOptInErp = ZOptInExterno.extend({
  cliente: z
    .object({
      nome: z.string().trim().min(1, 'Informe o nome do cliente.').max(120),
      numero: z.string().trim().max(30).nullish(),
      email: z.email('Informe um e-mail válido.').nullish(),
    })
    .refine((c) => Boolean(c.numero || c.email), { message: 'Informe o número ou o e-mail do cliente.', path: ['numero'] }),
});
export type TOptInErp = z.infer<typeof ZOptInErp>;

export const ZConsentimentoEvento = z.object({
  id: z.string(),
  finalidade: ZFinalidade,
  evento: z.enum(EVENTOS_CONSENTIMENTO),
  origem: z.enum(ORIGENS_CONSENTIMENTO),
  motivo: z.string().nullable(),
  textoVersao: z.string().nullable(),
  atendenteNome: z.string().nullable(),
  em: z.string(),
});
export type TConsentimentoEvento = z.infer<typeof ZConsentimentoEvento>;

/** GET /backend/api/clientes/{id}/consentimento: the state per purpose and the history, newest first. */
export const ZConsentimento = z.object({
  estados: z.array(z.object({ finalidade: ZFinalidade, estado: z.enum(ESTADOS_CONSENTIMENTO), em: z.string().nullable() })),
  historico: z.array(ZConsentimentoEvento),
});
export type TConsentimento = z.infer<typeof ZConsentimento>;

export const ZSolicitacaoEnviada = z.object({ canal: ZFinalidade, expiraEm: z.string() });

/** GET /backend/api/public/confirmar-lid/{token}. */
export const ZConfirmarLid = z.object({
  conta: z.object({ nome: z.string(), logoUrl: z.string().nullable() }),
  finalidades: z.array(z.object({ finalidade: ZFinalidade, rotulo: z.string() })),
  texto: z.string(),
  estado: z.enum(['pendente', 'aceito', 'recusado']),
});
export type TConfirmarLid = z.infer<typeof ZConfirmarLid>;
export const ZConfirmarLidInput = z.object({ aceito: z.boolean() });

/** The account's opt-out and opt-in words and the automatic replies (Configurações). */
const ZPalavra = z
  .string()
  .trim()
  .regex(/^\S{1,20}$/u, CONSENTIMENTO_TEXTS.palavraInvalida);
export const ZConsentimentoConfig = z.object({
  palavrasSair: z.array(ZPalavra).min(1, CONSENTIMENTO_TEXTS.palavraFaltando).max(10, CONSENTIMENTO_TEXTS.palavrasDemais),
  palavrasVoltar: z.array(ZPalavra).min(1, CONSENTIMENTO_TEXTS.palavraFaltando).max(10, CONSENTIMENTO_TEXTS.palavrasDemais),
  respostaSair: z.string().trim().min(1, CONSENTIMENTO_TEXTS.respostaFaltando).max(1000, CONSENTIMENTO_TEXTS.respostaLonga),
  respostaVoltar: z.string().trim().min(1, CONSENTIMENTO_TEXTS.respostaFaltando).max(1000, CONSENTIMENTO_TEXTS.respostaLonga),
});
export type TConsentimentoConfig = z.infer<typeof ZConsentimentoConfig>;
export const CONSENTIMENTO_CONFIG_PADRAO: TConsentimentoConfig = {
  palavrasSair: ['SAIR', 'PARAR', 'STOP'],
  palavrasVoltar: ['VOLTAR'],
  respostaSair: CONSENTIMENTO_TEXTS.respostaSair,
  respostaVoltar: CONSENTIMENTO_TEXTS.respostaVoltar,
};

/** A word as the customer may type it: any case, accents and trailing punctuation ignored. */
export const normalizarPalavra = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[.!?,;:]+$/u, '')
    .trim()
    .toUpperCase();
