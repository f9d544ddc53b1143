import { z } from 'zod';

/** Longest department name that fits the dock menus and transfer lists. */
export const DEPARTAMENTO_NOME_MAX = 60;

export const DEPARTAMENTOS_TEXTS = {
  nomeVazio: 'Informe o nome do departamento.',
  nomeLongo: `Use no máximo ${DEPARTAMENTO_NOME_MAX} caracteres.`,
  nomeEmUso: 'Já existe um departamento com esse nome.',
  naoEncontrado: 'Departamento não encontrado.',
  usuarioInexistente: 'Usuário não encontrado.',
  /** Deleting a department that still has open atendimentos (409). */
  comAtendimentosAbertos: (n: number) =>
    n === 1
      ? 'Este departamento tem 1 atendimento em aberto. Finalize-o ou transfira-o antes de excluir.'
      : `Este departamento tem ${n} atendimentos em aberto. Finalize-os ou transfira-os antes de excluir.`,
  criado: 'Departamento criado.',
  atualizado: 'Departamento atualizado.',
  excluido: 'Departamento excluído.',
  vazio: 'Nenhum departamento cadastrado.',
} as const;

/** GET /backend/api/departamentos: every staff user reads it (filters, transfers); the admin screen too. */
export const ZDepartamento = z.object({
  id: z.string(),
  nome: z.string(),
  membros: z.number().int(),
  /** The members' ids (a user belongs to at most one department). */
  usuarioIds: z.array(z.string()),
  /** Atendimentos waiting or in progress in this department now. */
  atendimentosAbertos: z.number().int(),
});
export type TDepartamento = z.infer<typeof ZDepartamento>;

/**
 * POST /backend/api/departamentos and PUT /backend/api/departamentos/{id} (admin and master). With
 * `usuarioIds` the department's members become exactly those users (moved from any other department);
 * without it the members stay as they are.
 */
export const ZDepartamentoInput = z.object({
  nome: z
    .string({ error: DEPARTAMENTOS_TEXTS.nomeVazio })
    .trim()
    .min(1, DEPARTAMENTOS_TEXTS.nomeVazio)
    .max(DEPARTAMENTO_NOME_MAX, DEPARTAMENTOS_TEXTS.nomeLongo),
  usuarioIds: z
    .array(z.uuid({ error: DEPARTAMENTOS_TEXTS.usuarioInexistente }))
    .max(1000)
    .optional(),
});
export type TDepartamentoInput = z.infer<typeof ZDepartamentoInput>;
