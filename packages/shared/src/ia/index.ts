import { z } from 'zod';

/** What the attendant asks the assistant for: the panel's quick actions and a free question. */
export const ACOES_IA = ['sugerir', 'resumir', 'melhorar', 'traduzir', 'livre'] as const;
export type TAcaoIa = (typeof ACOES_IA)[number];

/** 'Melhorar texto' tones, with the labels the panel shows. */
export const TONS_IA = ['profissional', 'amigavel', 'curto', 'corrigir'] as const;
export type TTomIa = (typeof TONS_IA)[number];
export const TONS_IA_ROTULOS: Record<TTomIa, string> = {
  profissional: 'Profissional',
  amigavel: 'Amigável',
  curto: 'Mais curto',
  corrigir: 'Corrigir o português',
};
export const ACOES_IA_ROTULOS: Record<Exclude<TAcaoIa, 'livre'>, string> = {
  sugerir: 'Sugerir resposta',
  resumir: 'Resumir conversa',
  melhorar: 'Melhorar texto',
  traduzir: 'Traduzir',
};

/** Longest text an attendant may hand the assistant (a question, a draft to improve, a message to translate). */
export const IA_TEXTO_MAX = 4000;
/** Assistant calls one user may start per minute: a burst of clicks never becomes a burst of paid calls. */
export const IA_CHAMADAS_POR_MINUTO = 12;

export const IA_TEXTS = {
  semLicenca:
    'O assistente de IA não está incluído na licença desta conta. O master pode adicioná-lo em Licença (Inteligência Artificial).',
  semProvedor: 'Nenhum provedor de IA configurado. Um administrador pode configurá-lo em Configurações › Integrações › Assistente de IA.',
  semPermissao: 'Seu perfil não usa o assistente de IA.',
  somenteAdministradores: 'Somente administradores configuram o assistente de IA.',
  limiteMensal: (limite: number) =>
    `Esta conta atingiu o limite mensal de ${limite.toLocaleString('pt-BR')} tokens de IA. O uso volta no primeiro dia do próximo mês.`,
  muitasChamadas: 'Muitas chamadas ao assistente em pouco tempo. Aguarde um minuto e tente de novo.',
  informeTexto: 'Informe o texto.',
  informePergunta: 'Escreva a pergunta para o assistente.',
  textoLongo: `Use no máximo ${IA_TEXTO_MAX} caracteres.`,
  mensagemNaoEncontrada: 'Mensagem não encontrada.',
  naoEhAudio: 'Só mensagens de áudio podem ser transcritas.',
  audioIndisponivel: 'O arquivo deste áudio não está mais disponível.',
  urlInvalida: 'Informe uma URL http:// ou https://.',
  // Provider errors, as the attendant reads them.
  chaveInvalida: 'O provedor de IA recusou a chave de API (inválida ou sem permissão). Confira a chave em Assistente de IA.',
  limiteProvedor: (segundos: number | null) =>
    segundos
      ? `O provedor de IA está limitando as chamadas. Tente de novo em ${segundos} segundo${segundos === 1 ? '' : 's'}.`
      : 'O provedor de IA está limitando as chamadas. Tente de novo em instantes.',
  contextoLongo: 'A conversa é longa demais para o modelo de IA. Tente resumir ou perguntar sobre um trecho.',
  tempoEsgotado: 'O provedor de IA demorou demais para responder. Tente de novo.',
  provedorIndisponivel: 'O provedor de IA não está disponível agora. Tente de novo em instantes.',
  modeloNaoEncontrado: 'O provedor de IA não reconhece o modelo configurado. Confira o modelo em Assistente de IA.',
  provedorErro: (detalhe: string) => `O provedor de IA respondeu com erro: ${detalhe}`,
  testeOk: (modelo: string, resposta: string) => `Conectado. O modelo ${modelo} respondeu: “${resposta}”`,
  semResposta: 'A base de conhecimento não tem uma resposta para isso.',
} as const;

/** The assistant's request: an action, and what it needs (the draft, the tone, the language, a cited message). */
export const ZAssistenteInput = z
  .object({
    acao: z.enum(ACOES_IA, { error: 'Escolha uma ação do assistente.' }),
    texto: z.string({ error: IA_TEXTS.informeTexto }).trim().max(IA_TEXTO_MAX, IA_TEXTS.textoLongo).optional(),
    tom: z.enum(TONS_IA, { error: 'Escolha um tom.' }).optional(),
    /** Translation: the customer's language (BCP 47 or a name); empty: the assistant detects it. */
    idioma: z.string().trim().max(40).optional(),
    mensagemCitadaId: z.uuid({ error: IA_TEXTS.mensagemNaoEncontrada }).optional(),
    pergunta: z.string().trim().max(IA_TEXTO_MAX, IA_TEXTS.textoLongo).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.acao === 'melhorar' && !v.texto) ctx.addIssue({ code: 'custom', path: ['texto'], message: IA_TEXTS.informeTexto });
    if (v.acao === 'livre' && !v.pergunta && !v.mensagemCitadaId)
      ctx.addIssue({ code: 'custom', path: ['pergunta'], message: IA_TEXTS.informePergunta });
  });
export type TAssistenteInput = z.infer<typeof ZAssistenteInput>;

/** A document the answer used, shown as a link (url null: an internal document without a public page). */
export const ZFonteIa = z.object({ titulo: z.string(), url: z.string().nullable() });
export type TFonteIa = z.infer<typeof ZFonteIa>;

export const ZUsoIa = z.object({ promptTokens: z.number().int(), completionTokens: z.number().int(), totalTokens: z.number().int() });
export type TUsoIa = z.infer<typeof ZUsoIa>;

/** The stream's events (text/event-stream): pieces of the answer, the sources, the end, or an error. */
export type TEventoIa =
  | { event: 'delta'; data: { texto: string } }
  | { event: 'fontes'; data: TFonteIa[] }
  | { event: 'fim'; data: { id: string; uso: TUsoIa } }
  | { event: 'erro'; data: { message: string } };

/** Spec part 2 "AI chat message": id, timestamp and content; with who wrote it and the documents it cited. */
export const ZMensagemIa = z.object({
  id: z.string(),
  timestamp: z.string(),
  content: z.string(),
  papel: z.enum(['usuario', 'assistente']),
  acao: z.enum(ACOES_IA),
  fontes: z.array(ZFonteIa),
});
export type TMensagemIa = z.infer<typeof ZMensagemIa>;

export const ZTranscricao = z.object({ texto: z.string() });

/** The account's provider settings as admins see them: the key never leaves the server, only its mask. */
export const ZIaConfig = z.object({
  /** The account's own provider; null fields fall back to the operator's defaults below. */
  baseUrl: z.string().nullable(),
  modelo: z.string().nullable(),
  modeloTranscricao: z.string().nullable(),
  chaveMascarada: z.string().nullable(),
  ocultarDadosPessoais: z.boolean(),
  transcreverAutomatico: z.boolean(),
  /** The operator's defaults (IA_BASE_URL, IA_MODELO...), shown so admins know what applies without their own. */
  padrao: z.object({ baseUrl: z.string().nullable(), modelo: z.string().nullable(), modeloTranscricao: z.string().nullable() }),
  /** Whether a provider is reachable at all (the account's or the operator's): the panel's 'not configured' state. */
  configurado: z.boolean(),
  licenciado: z.boolean(),
});
export type TIaConfig = z.infer<typeof ZIaConfig>;

const ZOpcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use no máximo ${max} caracteres.`)
    .transform((v) => v || null)
    .nullable()
    .optional();

export const ZIaConfigInput = z.object({
  baseUrl: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), IA_TEXTS.urlInvalida)
    .transform((v) => v.replace(/\/+$/, '') || null)
    .nullable()
    .optional(),
  modelo: ZOpcional(120),
  modeloTranscricao: ZOpcional(120),
  /** Write-only: a new key replaces the stored one; absent keeps it; '' removes it. */
  chave: z.string().trim().max(500, 'Use no máximo 500 caracteres.').optional(),
  ocultarDadosPessoais: z.boolean().optional(),
  transcreverAutomatico: z.boolean().optional(),
});
export type TIaConfigInput = z.input<typeof ZIaConfigInput>;
export type TIaConfigSalvo = z.output<typeof ZIaConfigInput>;

/** What the panel needs to know before anything is asked: the licence's AI tool and a provider. */
export const ZIaEstado = z.object({ licenciado: z.boolean(), configurado: z.boolean() });
export type TIaEstado = z.infer<typeof ZIaEstado>;

export const ZIaTeste = z.object({ ok: z.boolean(), mensagem: z.string() });
export type TIaTeste = z.infer<typeof ZIaTeste>;

/** This month's use by user, and the operator's cap (null: none). */
export const ZIaUsoMes = z.object({
  mes: z.string(),
  limiteTokens: z.number().int().nullable(),
  requisicoes: z.number().int(),
  tokens: z.number().int(),
  porUsuario: z.array(
    z.object({ usuarioId: z.string().nullable(), nome: z.string(), requisicoes: z.number().int(), tokens: z.number().int() }),
  ),
});
export type TIaUsoMes = z.infer<typeof ZIaUsoMes>;

/** Voice notes found by their transcript (GET /ia/transcricoes?q=). */
export const ZTranscricaoBusca = z.object({ q: z.string().trim().min(2, 'Digite pelo menos 2 caracteres.').max(200) });
/** Around the matched words of a search excerpt (ts_headline's StartSel/StopSel): never in a transcript's text. */
export const TRECHO_MARCA = { inicio: '\u0002', fim: '\u0003' } as const;
export const ZTranscricaoEncontrada = z.object({
  mensagemId: z.string(),
  atendimentoId: z.string(),
  ticket: z.number().int(),
  clienteNome: z.string(),
  transcricao: z.string(),
  /** The transcript's part around the matches, each match between TRECHO_MARCA.inicio and .fim. */
  trecho: z.string(),
  criadaEm: z.string(),
});
export type TTranscricaoEncontrada = z.infer<typeof ZTranscricaoEncontrada>;
