import { z } from 'zod';
import { CLIENTES_TEXTS, normalizarNumero } from '../clientes';
import { ZModeloEscolhido, ZModeloWhatsApp } from '../mensagens-agendadas';

export const NOVA_CONVERSA_TEXTS = {
  titulo: 'Nova conversa',
  descricao: 'Escreva primeiro para um cliente pelo WhatsApp.',
  semCanal: 'Nenhum número de WhatsApp conectado: conecte um em Configurações → Integrações.',
  canalIndisponivel: 'Este canal não está disponível para iniciar conversas: escolha outro.',
  precisaModelo: 'O cliente não escreveu nas últimas 24 horas: escolha um modelo aprovado do WhatsApp para iniciar a conversa.',
  semModelos: 'Nenhum modelo aprovado foi encontrado nesta conta do WhatsApp: crie um no Gerenciador do WhatsApp e tente de novo.',
  erroModelos: 'Não foi possível ler os modelos do WhatsApp. Tente novamente em instantes.',
  clienteVazio: 'Escolha o cliente ou digite o número.',
  conteudoVazio: 'Escreva a mensagem.',
  variaveisVazias: 'Preencha as variáveis do modelo.',
  erro: 'Não foi possível iniciar a conversa.',
  existente: 'Já existe uma conversa aberta com este cliente.',
  iniciada: 'Conversa iniciada.',
} as const;

/** A typed number (E.164 once normalised) instead of a customer of the directory. */
const ZNumero = z
  .string()
  .trim()
  .transform(normalizarNumero)
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, CLIENTES_TEXTS.numeroInvalido));

/** Who to write to: a customer of the directory, or a number (its customer found, or created on sending). */
export const ZNovaConversaAlvo = z
  .object({
    clienteId: z.uuid({ error: NOVA_CONVERSA_TEXTS.clienteVazio }).optional(),
    numero: ZNumero.optional(),
    /** The channel to write from (one of `canais` in the options); by default the last one the customer used. */
    canalId: z.uuid({ error: NOVA_CONVERSA_TEXTS.canalIndisponivel }).optional(),
  })
  .refine((a) => a.clienteId !== undefined || a.numero !== undefined, {
    message: NOVA_CONVERSA_TEXTS.clienteVazio,
    path: ['clienteId'],
  });
export type TNovaConversaAlvo = z.input<typeof ZNovaConversaAlvo>;

/** GET /backend/api/atendimento/nova-conversa/opcoes?clienteId|numero: where it would go, the window, the templates. */
export const ZNovaConversaOpcoes = z.object({
  canalId: z.string(),
  canalNome: z.string(),
  /** Every live channel that can write first (by its capabilities), with its provider's name: the one above is among them. */
  canais: z.array(z.object({ id: z.string(), nome: z.string(), rotulo: z.string() })),
  /** The customer of the directory, when there is one (a new number has none yet). */
  clienteId: z.string().nullable(),
  clienteNome: z.string().nullable(),
  /** A conversation already open with the customer on that number: it is just opened, nothing is sent. */
  atendimentoAbertoId: z.string().nullable(),
  dentroDaJanela: z.boolean(),
  modelos: z.array(ZModeloWhatsApp),
  /** Why the templates could not be read from Meta (null when they were). */
  modelosErro: z.string().nullable(),
  /** The customer's latest answer about WhatsApp messages (LGPD); absent or null: never answered (a warning, not a refusal). */
  consentimentoWhatsApp: z.enum(['aceito', 'recusado', 'revogado']).nullable().optional(),
});
export type TNovaConversaOpcoes = z.infer<typeof ZNovaConversaOpcoes>;

/** POST /backend/api/atendimento/nova-conversa (`nome` names a customer created for a new number). */
export const ZNovaConversaInput = z
  .object({
    clienteId: z.uuid({ error: NOVA_CONVERSA_TEXTS.clienteVazio }).optional(),
    numero: ZNumero.optional(),
    canalId: z.uuid({ error: NOVA_CONVERSA_TEXTS.canalIndisponivel }).optional(),
    nome: z.string().trim().max(120).optional(),
    conteudo: z.string({ error: NOVA_CONVERSA_TEXTS.conteudoVazio }).trim().min(1, NOVA_CONVERSA_TEXTS.conteudoVazio).max(4096),
    modelo: ZModeloEscolhido.nullish(),
  })
  .refine((a) => a.clienteId !== undefined || a.numero !== undefined, {
    message: NOVA_CONVERSA_TEXTS.clienteVazio,
    path: ['clienteId'],
  });
export type TNovaConversaInput = z.input<typeof ZNovaConversaInput>;
export const ZNovaConversaResposta = z.object({ atendimentoId: z.string(), existente: z.boolean() });
