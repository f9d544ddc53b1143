import { z } from 'zod';

/**
 * WhatsApp Web (WAPI): a number paired by QR code or pairing code, beside the Cloud API. The messaging API
 * under /backend/wapi/clients/{userId} (spec part 1 §3 and §7: status → connected, phoneNumber), where
 * userId is the account's id (Integracoes/get answers it).
 */
export const ZWapiStatus = z.object({ connected: z.boolean(), phoneNumber: z.string().nullable() });
export type TWapiStatus = z.infer<typeof ZWapiStatus>;

/**
 * The session as the Integrações card shows it. `estado`: desconectado (nothing running, or given up),
 * conectando (opening the socket), qr (waiting for the scan or the pairing code), conectado, pausado (paired,
 * socket closed on purpose). `qr` is an image (data: URL) of WhatsApp's latest code.
 */
export const ESTADOS_WAPI = ['desconectado', 'conectando', 'qr', 'conectado', 'pausado'] as const;
export const ZWapiSessao = z.object({
  estado: z.enum(ESTADOS_WAPI),
  qr: z.string().nullable(),
  codigoPareamento: z.string().nullable(),
  numero: z.string().nullable(),
  nome: z.string().nullable(),
  /** Why it is not connected, in Portuguese (no network, QR codes not scanned, logged out on the phone). */
  erro: z.string().nullable(),
  ativo: z.boolean(),
});
export type TWapiSessao = z.infer<typeof ZWapiSessao>;

/** Pairing by code: the phone number in international format, digits only (country code first). */
export const ZWapiPareamento = z.object({
  numero: z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{10,15}$/, 'Informe o número com DDI e DDD, somente números (ex.: 5511999998888).')),
});
export type TWapiPareamento = z.infer<typeof ZWapiPareamento>;

export const WAPI_TEXTS = {
  naoEncontrado: 'Conexão do WhatsApp Web não encontrada.',
  semRede: 'Não foi possível falar com os servidores do WhatsApp (sem internet ou acesso bloqueado). Tente novamente em instantes.',
  qrExpirado: 'O QR Code não foi lido a tempo. Clique em Tentar novamente para gerar outro.',
  desconectadoNoCelular: 'O WhatsApp foi desconectado pelo celular. Conecte de novo lendo um novo QR Code.',
  substituida: 'Esta conexão foi aberta em outro lugar (outro computador ou navegador). Reconecte para voltar a usá-la aqui.',
  banido: 'O WhatsApp recusou esta conexão (número bloqueado ou restrito). Confira o número no celular.',
  versaoRecusada:
    'O WhatsApp recusou a versão do WhatsApp Web usada pelo Balcão (erro 405). Peça ao responsável pelo servidor para definir a variável WAPI_VERSION com a versão atual do WhatsApp Web (ex.: 2.3000.1023223821), reiniciar o Balcão e conectar de novo.',
  sessaoInvalida: 'A sessão do WhatsApp Web ficou inválida (erro 500). Conecte de novo lendo um novo QR Code.',
  aparelhoIncompativel:
    'O WhatsApp do celular não aceitou esta conexão (erro 411). Atualize o WhatsApp no celular e conecte de novo lendo um novo QR Code.',
  jaConectado: 'O WhatsApp Web já está conectado.',
  pareamentoIndisponivel: 'Inicie a conexão antes de pedir o código de pareamento.',
  pausadoSemPareamento: 'Conecte o WhatsApp Web antes de pausar.',
} as const;

/** ReceiveWhatsAppEvent on the staff hub: the card's new state, pushed as WhatsApp sends new QR codes. */
export type TWapiEvento = { tipo: 'wapi.sessao'; sessao: TWapiSessao };
