import { z } from 'zod';

export const ATALHO_MAX = 30;
export const TITULO_MAX = 80;
export const CONTEUDO_RAPIDA_MAX = 4096;
/** Session-storage key of the full list (spec part 2 §3 Storage). */
export const MENSAGENS_RAPIDAS_STORAGE_KEY = 'mensagensRapidas';

export const MENSAGENS_RAPIDAS_TEXTS = {
  /** Spec part 2 §8: every list fetch's failure. */
  erroBuscar: 'Erro ao buscar mensagens rápidas',
  atalhoVazio: 'Informe o atalho.',
  atalhoInvalido: 'Use só letras, números, hífen e sublinhado no atalho, sem espaços.',
  atalhoEmUso: 'Você já tem uma mensagem rápida com esse atalho.',
  atalhoPublicoEmUso: 'Já existe uma mensagem rápida pública com esse atalho.',
  tituloVazio: 'Informe o título.',
  conteudoVazio: 'Informe o texto da mensagem.',
  naoEncontrada: 'Mensagem rápida não encontrada.',
  somenteAdminPublica: 'Somente administradores criam e alteram mensagens rápidas públicas.',
  semPermissao: 'Seu perfil não usa mensagens rápidas.',
  nenhuma: 'Nenhuma mensagem rápida encontrada.',
} as const;

/** POST /backend/mensagemrapida/save: without `id` a new one; `publica` is for admin and master. */
export const ZMensagemRapidaInput = z.object({
  id: z.uuid({ error: MENSAGENS_RAPIDAS_TEXTS.naoEncontrada }).optional(),
  atalho: z
    .string({ error: MENSAGENS_RAPIDAS_TEXTS.atalhoVazio })
    .trim()
    .transform((s) => s.replace(/^\/+/, ''))
    .pipe(
      z
        .string()
        .min(1, MENSAGENS_RAPIDAS_TEXTS.atalhoVazio)
        .max(ATALHO_MAX)
        .regex(/^[\p{L}\p{N}_-]+$/u, MENSAGENS_RAPIDAS_TEXTS.atalhoInvalido),
    ),
  titulo: z.string({ error: MENSAGENS_RAPIDAS_TEXTS.tituloVazio }).trim().min(1, MENSAGENS_RAPIDAS_TEXTS.tituloVazio).max(TITULO_MAX),
  conteudo: z
    .string({ error: MENSAGENS_RAPIDAS_TEXTS.conteudoVazio })
    .trim()
    .min(1, MENSAGENS_RAPIDAS_TEXTS.conteudoVazio)
    .max(CONTEUDO_RAPIDA_MAX),
  publica: z.boolean().default(false),
});
export type TMensagemRapidaInput = z.input<typeof ZMensagemRapidaInput>;

export const ZMensagemRapida = z.object({
  id: z.string(),
  atalho: z.string(),
  titulo: z.string(),
  conteudo: z.string(),
  publica: z.boolean(),
  /** Who wrote it (a public one: the admin; a personal one: its owner). */
  autorNome: z.string().nullable(),
  /** The caller may change or delete it (their own; a public one for admin and master). */
  editavel: z.boolean(),
  atualizadaEm: z.string(),
});
export type TMensagemRapida = z.infer<typeof ZMensagemRapida>;

/** The filter body of list and publicas (spec part 2 §7: "filter body"). */
export const ZMensagemRapidaFiltro = z.object({ pesquisa: z.string().trim().max(100).optional() }).nullish();
export const ZMensagemRapidaPagina = z.object({ lista: z.array(ZMensagemRapida), total: z.number().int() });
export type TMensagemRapidaPagina = z.infer<typeof ZMensagemRapidaPagina>;

/** The variables a quick message may carry, filled when it is inserted into the composer. */
export function preencherVariaveis(conteudo: string, vars: { nome: string | null; atendente: string | null }): string {
  return conteudo.replace(
    /\{\{\s*(nome|atendente)\s*\}\}/gi,
    (_, v: string) => (v.toLowerCase() === 'nome' ? vars.nome : vars.atendente) ?? '',
  );
}
