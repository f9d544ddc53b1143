import { z } from 'zod';

export const ETIQUETA_NOME_MAX = 40;
export const ETIQUETAS_POR_ATENDIMENTO_MAX = 20;

export const ETIQUETAS_TEXTS = {
  nomeVazio: 'Informe o nome da etiqueta.',
  nomeLongo: `Use no máximo ${ETIQUETA_NOME_MAX} caracteres.`,
  corInvalida: 'Escolha uma cor no formato #RRGGBB.',
  nomeEmUso: 'Já existe uma etiqueta com esse nome.',
  naoEncontrada: 'Etiqueta não encontrada.',
  excluida: 'Etiqueta excluída.',
  demais: `Use no máximo ${ETIQUETAS_POR_ATENDIMENTO_MAX} etiquetas por atendimento.`,
  vazio: 'Nenhuma etiqueta cadastrada.',
} as const;

export const ZEtiqueta = z.object({ id: z.string(), nome: z.string(), cor: z.string(), atendimentos: z.number().int() });
export type TEtiqueta = z.infer<typeof ZEtiqueta>;

/** POST /backend/api/etiquetas, PUT /backend/api/etiquetas/{id}. */
export const ZEtiquetaInput = z.object({
  nome: z.string().trim().min(1, { error: ETIQUETAS_TEXTS.nomeVazio }).max(ETIQUETA_NOME_MAX, { error: ETIQUETAS_TEXTS.nomeLongo }),
  cor: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: ETIQUETAS_TEXTS.corInvalida }),
});
export type TEtiquetaInput = z.infer<typeof ZEtiquetaInput>;

/** PUT /backend/api/atendimento/{id}/etiquetas: the conversation's labels become exactly these. */
export const ZEtiquetasDoAtendimento = z.object({
  etiquetaIds: z
    .array(z.uuid({ error: ETIQUETAS_TEXTS.naoEncontrada }))
    .max(ETIQUETAS_POR_ATENDIMENTO_MAX, { error: ETIQUETAS_TEXTS.demais }),
});

/** POST /backend/api/atendimento/{id}/notas: a private note among staff (never sent to the customer). */
export const ZNotaInterna = z.object({
  clientId: z.string().min(1).max(100),
  conteudo: z.string().trim().min(1, { error: 'Escreva a nota.' }).max(4000, { error: 'Use no máximo 4000 caracteres.' }),
});
export type TNotaInterna = z.infer<typeof ZNotaInterna>;
