import { z } from 'zod';
import { ROLES, type TRole } from '../roles';

/**
 * Administration of users (`/usuarios`, admin and master). A user belongs to at most one
 * department: the spec's User has one `departamento`, and queues, transfers and the internal chat are built
 * on it; `departamentoIds` is a list so the form and the API can grow without a new field.
 */
export const USUARIO_NOME_MAX = 100;
/** Single-use link e-mailed to a new user to set a password (valid 7 days). */
export const CONVITE_TTL_S = 7 * 24 * 3600;
/** A user counts as online when they chose Online and their last heartbeat is this recent (3 missed beats). */
export const ONLINE_JANELA_MS = 90_000;

export const USUARIO_STATUS = ['ativo', 'inativo'] as const;
export type TUsuarioStatus = (typeof USUARIO_STATUS)[number];

export const USUARIOS_TEXTS = {
  nomeVazio: 'Informe o nome.',
  nomeLongo: `O nome deve ter no máximo ${USUARIO_NOME_MAX} caracteres.`,
  emailVazio: 'Informe o e-mail.',
  emailInvalido: 'Informe um e-mail válido.',
  papelInvalido: 'Escolha um papel válido.',
  umDepartamento: 'Escolha no máximo um departamento.',
  emailEmUso: 'Já existe um usuário com esse e-mail.',
  masterProtegido: 'O usuário master não pode ser alterado nem desativado.',
  masterUnico: 'Não é possível tornar um usuário master.',
  somenteMasterFazAdmin: 'Somente o master pode tornar um usuário administrador.',
  somenteMasterGereAdmin: 'Somente o master pode alterar ou desativar um administrador.',
  naoDesativarASiMesmo: 'Você não pode desativar a si mesmo.',
  naoRebaixarASiMesmo: 'Você não pode alterar o seu próprio papel.',
  departamentoInexistente: 'Departamento não encontrado.',
  naoEncontrado: 'Usuário não encontrado.',
  criado: 'Usuário criado. Enviamos por e-mail um link para ele definir a senha.',
  atualizado: 'Usuário atualizado.',
  desativado: 'Usuário desativado. As sessões dele foram encerradas.',
  reativado: 'Usuário reativado.',
  redefinicaoEnviada: 'Enviamos ao usuário um link para definir uma nova senha.',
  /** Login of a deactivated user (after the right password). */
  contaDesativada: 'Seu usuário está desativado. Fale com o administrador da conta.',
  vazio: 'Nenhum usuário encontrado.',
} as const;

const email = z
  .string({ error: USUARIOS_TEXTS.emailVazio })
  .trim()
  .toLowerCase()
  .min(1, USUARIOS_TEXTS.emailVazio)
  .pipe(z.email({ error: USUARIOS_TEXTS.emailInvalido }));

/** POST /backend/api/usuarios and PUT /backend/api/usuarios/{id}: the create/edit dialog's form too. */
export const ZUsuarioInput = z.object({
  nome: z
    .string({ error: USUARIOS_TEXTS.nomeVazio })
    .trim()
    .min(1, USUARIOS_TEXTS.nomeVazio)
    .max(USUARIO_NOME_MAX, USUARIOS_TEXTS.nomeLongo),
  email,
  role: z.enum(ROLES, { error: USUARIOS_TEXTS.papelInvalido }),
  departamentoIds: z
    .array(z.uuid({ error: USUARIOS_TEXTS.departamentoInexistente }))
    .max(1, USUARIOS_TEXTS.umDepartamento)
    .default([]),
});
export type TUsuarioInput = z.infer<typeof ZUsuarioInput>;

/** GET /backend/api/usuarios filters; all optional. */
export const ZUsuariosQuery = z.object({
  busca: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  departamentoId: z.uuid().optional(),
  status: z.enum(USUARIO_STATUS).optional(),
});
export type TUsuariosQuery = z.infer<typeof ZUsuariosQuery>;

/** One row of the users table. */
export const ZUsuarioAdmin = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The account's master (protected: nobody changes or deactivates them). */
  ehMaster: z.boolean(),
  departamentoIds: z.array(z.string()),
  departamentos: z.array(z.object({ id: z.string(), nome: z.string() })),
  fotoUrl: z.string().nullable(),
  status: z.enum(USUARIO_STATUS),
  /** Chose Online and sent a heartbeat within ONLINE_JANELA_MS. */
  online: z.boolean(),
  /** Last heartbeat (ISO), or null if never seen. */
  ultimaAtividade: z.string().nullable(),
  /** Invited and has not set a password yet. */
  convitePendente: z.boolean(),
  /** Takes a licence seat (active admin or atendente, not the master). */
  ocupaAssento: z.boolean(),
  criadoEm: z.string(),
});
export type TUsuarioAdmin = z.infer<typeof ZUsuarioAdmin>;

/** The roles the caller may give: nobody makes a master; only the master makes admins. */
export function rolesAtribuiveis(callerRole: TRole): TRole[] {
  if (callerRole === 'master') return ['admin', 'atendente', 'user', 'tracker'];
  if (callerRole === 'admin') return ['atendente', 'user', 'tracker'];
  return [];
}
