import { z } from 'zod';
import type { ORIGENS } from '../atendimentos';
import { OFFICE_MIME_TYPES } from '../atendimentos/constants';
import { PRE_CHAT_CAMPOS } from '../widget';

/** The kinds of conversation the dashboards count apart (EXIBICAO_ORIGEM maps each origem to one). */
export const TIPOS_CANAL = ['widget', 'whatsapp'] as const;
export type TTipoCanal = (typeof TIPOS_CANAL)[number];
/**
 * Who carries a channel's messages (the `canais.tipo` column): the website widget, WhatsApp's Cloud API, or
 * WhatsApp Web paired by QR code ('wapi'). Both WhatsApp providers open conversations with origem 'whatsapp':
 * the inbox and the dashboards see one WhatsApp.
 */
export const PROVEDORES_CANAL = ['widget', 'whatsapp', 'wapi'] as const;
export type TProvedorCanal = (typeof PROVEDORES_CANAL)[number];
export const tipoCanalDoProvedor = (p: TProvedorCanal): TTipoCanal => tipoCanalDaOrigem(EXIBICAO_PROVEDOR[p].origem);

export const TIPOS_MIDIA = ['image', 'video', 'audio', 'document'] as const;
export type TTipoMidia = (typeof TIPOS_MIDIA)[number];
/** What a provider takes of one media kind: content types (as the upload check names them), the largest file, and how people call those formats. */
export const ZLimiteMidia = z.object({ tipos: z.array(z.string()).readonly(), maxBytes: z.number(), formatos: z.string() });
export type TLimiteMidia = z.infer<typeof ZLimiteMidia>;

/**
 * What a channel's driver can carry (declared once per type, read by the server's inbox and by the web's
 * composer): which media kinds go out and, where the provider is strict, which formats and sizes
 * (`limitesMidia`, null = whatever the attachment check takes; `conversoes`: formats the server converts
 * first), whether reactions, edits, read receipts and templates exist, and the reply window (WhatsApp's
 * 24-hour customer-service window, counted from the customer's last message; null = no window).
 * `confirmaEntrega`: sends wait in a queue as 'pending' until the provider accepts them. `iniciaConversa`: the
 * business can write first (scheduled messages, 'Nova conversa'); `modelos`: approved templates exist (Meta's,
 * the only way to write outside the reply window).
 */
/**
 * Which customers a channel can write to first (with `iniciaConversa`): one with a phone number, one known by
 * Meta's business-scoped id (BSUID), or one whose provider id (`clientes.identificador`) has one of these prefixes.
 */
export const ZDestinatarios = z.object({ numero: z.boolean(), bsuid: z.boolean(), identificadores: z.array(z.string()).readonly() });
export type TDestinatarios = z.infer<typeof ZDestinatarios>;
export const ZCapacidadesCanal = z.object({
  midia: z.array(z.enum(TIPOS_MIDIA)).readonly(),
  limitesMidia: z.object({ provedor: z.string(), porTipo: z.record(z.enum(TIPOS_MIDIA), ZLimiteMidia) }).nullable(),
  conversoes: z.record(z.string(), z.string()),
  reacoes: z.boolean(),
  edicoes: z.boolean(),
  confirmaLeitura: z.boolean(),
  modelos: z.boolean(),
  janelaRespostaMs: z.number().nullable(),
  confirmaEntrega: z.boolean(),
  iniciaConversa: z.boolean(),
  destinatarios: ZDestinatarios,
});
export type TCapacidadesCanal = z.infer<typeof ZCapacidadesCanal>;
/** Meta: free-form messages only within 24 hours of the customer's last message. */
export const WHATSAPP_JANELA_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
/**
 * Meta's accepted media for the Cloud API (developers.facebook.com/docs/whatsapp/cloud-api/reference/media,
 * "Supported media types"). Ogg audio only with the Opus codec (voice notes); old Office files are detected
 * by content as 'application/x-cfb'.
 */
const WHATSAPP_CLOUD_MIDIA: Record<TTipoMidia, TLimiteMidia> = {
  image: { tipos: ['image/jpeg', 'image/png'], maxBytes: 5 * MB, formatos: 'JPEG ou PNG' },
  video: { tipos: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB, formatos: 'MP4 ou 3GP' },
  audio: {
    tipos: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg; codecs=opus'],
    maxBytes: 16 * MB,
    formatos: 'AAC, AMR, MP3, M4A ou OGG (Opus)',
  },
  document: {
    tipos: ['text/plain', 'application/pdf', ...OFFICE_MIME_TYPES],
    maxBytes: 100 * MB,
    formatos: 'PDF, Word, Excel, PowerPoint ou texto',
  },
};
export const CAPACIDADES_CANAL: Record<TProvedorCanal, TCapacidadesCanal> = {
  widget: {
    midia: ['image', 'video', 'audio', 'document'],
    limitesMidia: null,
    conversoes: {},
    reacoes: false,
    edicoes: false,
    confirmaLeitura: false,
    modelos: false,
    janelaRespostaMs: null,
    confirmaEntrega: false,
    // A visitor writes from the site: there is no address to write to first.
    iniciaConversa: false,
    destinatarios: { numero: false, bsuid: false, identificadores: [] },
  },
  /** Meta shows no WebP or GIF photo: the server sends them as JPEG. */
  whatsapp: {
    midia: ['image', 'video', 'audio', 'document'],
    limitesMidia: { provedor: 'WhatsApp', porTipo: WHATSAPP_CLOUD_MIDIA },
    conversoes: { 'image/webp': 'image/jpeg', 'image/gif': 'image/jpeg' },
    reacoes: true,
    edicoes: false,
    confirmaLeitura: true,
    modelos: true,
    janelaRespostaMs: WHATSAPP_JANELA_MS,
    confirmaEntrega: true,
    iniciaConversa: true,
    destinatarios: { numero: true, bsuid: true, identificadores: ['whatsapp:'] },
  },
  /** A linked device answers like the phone itself: no 24-hour window, edits exist. */
  wapi: {
    midia: ['image', 'video', 'audio', 'document'],
    limitesMidia: null,
    conversoes: {},
    reacoes: true,
    edicoes: true,
    confirmaLeitura: true,
    modelos: false,
    janelaRespostaMs: null,
    confirmaEntrega: true,
    iniciaConversa: true,
    destinatarios: { numero: true, bsuid: false, identificadores: ['whatsapp:', 'whatsapp-lid:'] },
  },
};
const ROTULO_MIDIA: Record<TTipoMidia, { um: string; varios: string }> = {
  image: { um: 'imagem', varios: 'imagens' },
  video: { um: 'vídeo', varios: 'vídeos' },
  audio: { um: 'áudio', varios: 'áudios' },
  document: { um: 'documento', varios: 'documentos' },
};
/**
 * Why a file cannot go out as `tipo` on a channel (its format, or its size), in Portuguese, or null when it
 * can: after the channel's conversion, whose result's size is only known once converted (not judged here).
 */
export function midiaRecusada(
  c: TCapacidadesCanal,
  tipo: TTipoMidia,
  mime: string,
  size: number | null,
): { motivo: 'formato' | 'tamanho'; mensagem: string } | null {
  if (!c.limitesMidia) return null;
  const limite = c.limitesMidia.porTipo[tipo];
  const convertido = c.conversoes[mime];
  if (!limite.tipos.includes(convertido ?? mime))
    return {
      motivo: 'formato',
      mensagem: `O ${c.limitesMidia.provedor} não aceita este formato de ${ROTULO_MIDIA[tipo].um}: envie ${limite.formatos}.`,
    };
  if (!convertido && size !== null && size > limite.maxBytes)
    return {
      motivo: 'tamanho',
      mensagem: `O ${c.limitesMidia.provedor} aceita ${ROTULO_MIDIA[tipo].varios} de até ${limite.maxBytes / MB} MB.`,
    };
  return null;
}
/** Whether the channel can write first to this customer (its declared `destinatarios`). */
export const alcancaCliente = (
  c: TCapacidadesCanal,
  cliente: { numero: string | null; identificador: string | null; bsuid?: string | null },
) =>
  c.iniciaConversa &&
  ((c.destinatarios.numero && Boolean(cliente.numero)) ||
    (c.destinatarios.bsuid && Boolean(cliente.bsuid)) ||
    c.destinatarios.identificadores.some((p) => cliente.identificador?.startsWith(p)));
/** The account's channels and what each can carry, by canalId (GET /api/atendimento/capacidades): the inbox shows an action only where it exists. */
export const ZCapacidadesPorCanal = z.record(z.string(), ZCapacidadesCanal);
export type TCapacidadesPorCanal = z.infer<typeof ZCapacidadesPorCanal>;
/** Colour tokens a channel's marks take; the web maps each to its classes once, for both themes. */
export const TONS_CANAL = ['verde', 'azul', 'violeta', 'laranja'] as const;
export type TTomCanal = (typeof TONS_CANAL)[number];
/** Icon keys a channel's marks take; the web maps each to one icon. */
export const ICONES_CANAL = ['mensagem', 'site', 'telefone', 'enviar'] as const;
export type TIconeCanal = (typeof ICONES_CANAL)[number];
type TOrigemConversa = (typeof ORIGENS)[number];

/**
 * How the inbox shows and reaches a conversation of each origem (spec part 2 §3): the badge's label, colour
 * and icon, the kind of channel behind it (its dashboards' column) and the hub event the attendant's answer
 * goes by (spec part 2 §5: widget conversations have their own). The inbox, presenters and web read this
 * table and never compare origens: a channel opening a new kind of conversation adds its line here.
 */
export const EXIBICAO_ORIGEM: Record<
  TOrigemConversa,
  { rotulo: string; tom: TTomCanal; icone: TIconeCanal; tipo: TTipoCanal; envio: 'SendMessage' | 'SendWidgetMessage' }
> = {
  widget: { rotulo: 'Site', tom: 'azul', icone: 'site', tipo: 'widget', envio: 'SendWidgetMessage' },
  'widget-response': { rotulo: 'Site', tom: 'azul', icone: 'site', tipo: 'widget', envio: 'SendWidgetMessage' },
  whatsapp: { rotulo: 'WhatsApp', tom: 'verde', icone: 'mensagem', tipo: 'whatsapp', envio: 'SendMessage' },
};

/**
 * Each provider's own display data: its name where channels are listed side by side (nova conversa, the
 * scheduled messages' form), and the origem of the conversations it opens (both WhatsApp providers open
 * 'whatsapp' ones: the inbox and the dashboards see one WhatsApp).
 */
export const EXIBICAO_PROVEDOR: Record<TProvedorCanal, { rotulo: string; origem: TOrigemConversa }> = {
  widget: { rotulo: 'Chat do site', origem: 'widget' },
  whatsapp: { rotulo: 'WhatsApp (API oficial)', origem: 'whatsapp' },
  wapi: { rotulo: 'WhatsApp Web', origem: 'whatsapp' },
};

/** The channel type behind an atendimento's origem (spec part 2 §3: widget, widget-response, whatsapp). */
export const tipoCanalDaOrigem = (origem: TOrigemConversa): TTipoCanal => EXIBICAO_ORIGEM[origem].tipo;
/** The providers that can write to a customer first (nova conversa, scheduled messages), by their capabilities. */
export const PROVEDORES_QUE_INICIAM = PROVEDORES_CANAL.filter((p) => CAPACIDADES_CANAL[p].iniciaConversa);
const ZOrigemSite = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^/\s]+$/i, 'Informe a origem como https://seusite.com.br (sem caminho).');

/** A website chat channel's settings, edited in Configurações by admin or master. */
export const ZCanalWidgetInput = z.object({
  nome: z.string().trim().min(1, 'Informe o nome do canal.').max(60, 'Use no máximo 60 caracteres.'),
  cor: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'Escolha uma cor válida.')
    .default('#4f46e5'),
  saudacao: z.string().trim().max(300, 'Use no máximo 300 caracteres.').default('Olá! Como podemos ajudar?'),
  camposPreChat: z.array(z.enum(PRE_CHAT_CAMPOS)).default([]),
  escolherDepartamento: z.boolean().default(false),
  departamentoIds: z.array(z.uuid()).default([]),
  departamentoPadraoId: z.uuid().nullable().default(null),
  origensPermitidas: z.array(ZOrigemSite).min(1, 'Informe pelo menos um site permitido.').max(20),
  verificarIdentidade: z.boolean().default(false),
  /** The pre-chat form shows a consent box (LGPD opt-in for WhatsApp and e-mail messages), never pre-ticked. */
  pedirConsentimento: z.boolean().default(false),
  /** A help centre of the account: the widget offers "Procurar na central de ajuda" before a conversation. */
  centralId: z.uuid({ error: 'Central de ajuda não encontrada.' }).nullable().default(null),
  ativo: z.boolean().default(true),
});
export type TCanalWidgetInput = z.infer<typeof ZCanalWidgetInput>;
export const ZCanalWidgetConfig = ZCanalWidgetInput.omit({ nome: true, ativo: true });
export type TCanalWidgetConfig = z.infer<typeof ZCanalWidgetConfig>;

const digits = (campo: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, `Informe o ${campo} (somente números).`);
/** A WhatsApp Cloud API number (Integrações): Meta's ids, and the secrets that are stored encrypted. */
export const ZCanalWhatsAppInput = z.object({
  nome: z.string().trim().min(1, 'Informe o nome do canal.').max(60, 'Use no máximo 60 caracteres.'),
  phoneNumberId: digits('Phone number ID'),
  wabaId: digits('WhatsApp Business Account ID'),
  accessToken: z.string().trim().min(8, 'Informe o token de acesso do Meta.').max(1000),
  appSecret: z.string().trim().min(8, 'Informe a chave secreta do app (App Secret).').max(200),
  verifyToken: z.string().trim().min(6, 'O token de verificação deve ter pelo menos 6 caracteres.').max(200),
  departamentoPadraoId: z.uuid().nullable().default(null),
  ativo: z.boolean().default(true),
});
export type TCanalWhatsAppInput = z.infer<typeof ZCanalWhatsAppInput>;
/** An edit: the secrets may be left empty to keep the stored ones. */
export const ZCanalWhatsAppUpdate = ZCanalWhatsAppInput.extend({
  accessToken: z.union([z.literal(''), ZCanalWhatsAppInput.shape.accessToken]).optional(),
  appSecret: z.union([z.literal(''), ZCanalWhatsAppInput.shape.appSecret]).optional(),
});
export type TCanalWhatsAppUpdate = z.infer<typeof ZCanalWhatsAppUpdate>;
/** What is stored in clear for a WhatsApp channel (the access token and app secret are encrypted apart). */
export const ZCanalWhatsAppConfig = z.object({
  phoneNumberId: z.string(),
  wabaId: z.string(),
  verifyToken: z.string(),
  departamentoPadraoId: z.uuid().nullable(),
});
export type TCanalWhatsAppConfig = z.infer<typeof ZCanalWhatsAppConfig>;

/** A channel's settings by its type (the `tipo` column discriminates the `config` column). */
export type TCanalConfig =
  | { tipo: 'widget'; config: TCanalWidgetConfig }
  | { tipo: 'whatsapp'; config: TCanalWhatsAppConfig }
  | { tipo: 'wapi'; config: TCanalWapiConfig };
/** WhatsApp Web: where its new conversations wait (the pairing itself lives in wapi_chaves and wapi_sessoes). */
export type TCanalWapiConfig = { departamentoPadraoId: string | null };

export const ZCanal = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_CANAL),
  nome: z.string(),
  ativo: z.boolean(),
  token: z.string(),
  config: ZCanalWidgetConfig,
  /** Only for admin and master: the key that signs visitor identities. */
  segredo: z.string().nullable(),
  snippet: z.string(),
  criadoEm: z.string(),
});
export type TCanal = z.infer<typeof ZCanal>;

export const widgetSnippet = (host: string, token: string) => `<script src="${host}/widget.js" data-canal="${token}" async></script>`;

/** The last contact with Meta's Graph API (a 'Testar conexão', a send, a media download). */
export const ZConexaoWhatsApp = z.object({
  ok: z.boolean(),
  em: z.string(),
  /** Meta's error in Portuguese when the contact failed. */
  erro: z.string().nullable(),
  numero: z.string().nullable(),
  nomeVerificado: z.string().nullable(),
});
export type TConexaoWhatsApp = z.infer<typeof ZConexaoWhatsApp>;

/** A WhatsApp channel as admins see it: never the access token or the app secret, only whether they are set. */
export const ZCanalWhatsApp = z.object({
  id: z.string(),
  tipo: z.literal('whatsapp'),
  nome: z.string(),
  ativo: z.boolean(),
  token: z.string(),
  webhookUrl: z.string(),
  config: ZCanalWhatsAppConfig,
  accessTokenMascarado: z.string(),
  appSecretDefinido: z.boolean(),
  conexao: ZConexaoWhatsApp.nullable(),
  /** Webhook-level errors Meta reported (the latest), for admins. */
  ultimoErroWebhook: z.string().nullable(),
  /** Deliveries given up on (malformed, or for an unknown number): each one's reason is stored with it. */
  entregasComFalha: z.number().int(),
  criadoEm: z.string(),
});
export type TCanalWhatsApp = z.infer<typeof ZCanalWhatsApp>;

/** 'Testar conexão': the number as Meta's Graph API reads it, or Meta's error in Portuguese. */
export const ZTesteConexao = z.union([
  z.object({ ok: z.literal(true), numero: z.string(), nomeVerificado: z.string() }),
  z.object({ ok: z.literal(false), erro: z.string() }),
]);
export type TTesteConexao = z.infer<typeof ZTesteConexao>;

/** Spec part 1 §3 'Integrations result' (GET /Integracoes/get). */
const ZEstadoIntegracao = z.object({ conectado: z.boolean(), ativo: z.boolean() });
export type TEstadoIntegracao = z.infer<typeof ZEstadoIntegracao>;
export const ZIntegracoes = z.object({ configWhatsApp: ZEstadoIntegracao, configWAPI: ZEstadoIntegracao, userId: z.string() });
export type TIntegracoes = z.infer<typeof ZIntegracoes>;

/** The code of a free-form answer refused outside WhatsApp's 24-hour window (HTTP and socket ack alike). */
export const FORA_DA_JANELA = 'FORA_DA_JANELA';

export const WHATSAPP_TEXTS = {
  foraDaJanela:
    'Fora da janela de 24 horas do WhatsApp: o cliente não escreve há mais de 24 horas. Só será possível responder quando ele enviar uma nova mensagem.',
  midiaNaoSuportada: 'Este tipo de arquivo não pode ser enviado por este canal.',
  naoSuportada: 'O cliente enviou uma mensagem de um tipo que o WhatsApp não permite exibir aqui.',
  canalNaoEncontrado: 'Canal do WhatsApp não encontrado.',
  assinaturaInvalida: 'Assinatura inválida.',
  reenvioSomenteFalha: 'Só é possível reenviar mensagens que falharam.',
  trocouDeNumero: (numero: string) => `O cliente mudou de número no WhatsApp. Novo número: ${numero}.`,
  entregaRecusada: 'Uma entrega do webhook foi recusada:',
  numeroDeOutroCanal: (numero: string) => `é para o número ${numero} (Phone number ID), que não é o deste canal`,
  numeroEmUso: 'Este número (Phone number ID) já está cadastrado em outro canal do WhatsApp.',
} as const;
