import { z } from 'zod';

export const CLIENTES_TEXTS = {
  /** Spec part 2 §8: the customer search's fallback. */
  erroBuscar: 'Erro ao buscar clientes',
  nomeVazio: 'Informe o nome do cliente.',
  numeroInvalido: 'Informe o número no formato internacional, com código do país e DDD (ex.: +5511999998888).',
  emailInvalido: 'Informe um e-mail válido.',
  numeroEmUso: 'Já existe um cliente com esse número.',
  naoEncontrado: 'Cliente não encontrado.',
  criado: 'Cliente cadastrado.',
  atualizado: 'Cliente atualizado.',
  nenhum: 'Nenhum cliente encontrado.',
} as const;

/** E.164 as WhatsApp customers are stored: '+', country code and number (spaces, dots, dashes, brackets dropped). */
/**
 * A Brazilian mobile written without its ninth digit (55 + area code + 8 digits from 6 to 9, as WhatsApp's
 * ids of older accounts still come) is the same line as with it: one canonical form, with the 9.
 */
const BR_MOVEL_SEM_NONO = /^\+55(\d{2})([6-9]\d{7})$/;
export const normalizarNumero = (s: string) => `+${s.replace(/[\s().-]/g, '').replace(/^\+/, '')}`.replace(BR_MOVEL_SEM_NONO, '+55$19$2');
/** A WhatsApp id (digits, as Meta sends `wa_id`) in the same canonical form as a typed number, without the '+'. */
export const waIdCanonico = (waId: string) => normalizarNumero(waId).slice(1);

/** POST /backend/api/clientes and PUT /backend/api/clientes/{id}. */
export const ZClienteInput = z.object({
  nome: z.string({ error: CLIENTES_TEXTS.nomeVazio }).trim().min(1, CLIENTES_TEXTS.nomeVazio).max(120),
  email: z
    .string()
    .trim()
    .max(200)
    .transform((s) => s || null)
    .pipe(z.email({ error: CLIENTES_TEXTS.emailInvalido }).nullable())
    .nullish()
    .transform((s) => s ?? null),
  numero: z
    .string()
    .trim()
    .transform((s) => (s ? normalizarNumero(s) : null))
    .pipe(
      z
        .string()
        .regex(/^\+[1-9]\d{7,14}$/, CLIENTES_TEXTS.numeroInvalido)
        .nullable(),
    )
    .nullish()
    .transform((s) => s ?? null),
});
export type TClienteInput = z.input<typeof ZClienteInput>;

export const ZClienteResumo = z.object({
  id: z.string(),
  nome: z.string(),
  numero: z.string().nullable(),
  email: z.string().nullable(),
});
export type TClienteResumo = z.infer<typeof ZClienteResumo>;

/** GET /backend/cliente/lista (spec part 2 §7; the answer's shape is ours). */
export const ZClientePagina = z.object({
  itens: z.array(
    ZClienteResumo.extend({
      /** The latest answer about WhatsApp messages (LGPD), for the directory's badge; null: never answered. */
      consentimentoWhatsApp: z.enum(['aceito', 'recusado', 'revogado']).nullable().optional(),
    }),
  ),
  total: z.number().int(),
});
export type TClientePagina = z.infer<typeof ZClientePagina>;
