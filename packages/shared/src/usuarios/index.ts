import { z } from 'zod';
import { ZRole } from '../roles';

/** Spec part 1 §5: the user is told 3 MB, and 3 MB is what both sides enforce. */
export const FOTO_MAX_BYTES = 3 * 1024 * 1024;
export const FOTO_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
export const NOME_MAX = 100;
/** The file picker's `accept`: the detectable types (image/jpg is only an alias browsers may report). */
export const FOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export const PROFILE_TEXTS = {
  fotoHint: 'JPG, PNG ou WebP • Máx. 3MB',
  fotoTipo: 'Apenas arquivos JPG, PNG e WebP são permitidos',
  fotoTamanho: 'O arquivo deve ter no máximo 3MB',
  fotoSemUrl: 'URL da foto não retornada pelo servidor',
  fotoErroToast: 'Erro ao fazer upload da foto',
  fotoErroInline: 'Erro ao fazer upload da imagem. Tente novamente.',
  fotoSucesso: 'Foto de perfil atualizada com sucesso!',
  nomeVazio: 'O nome não pode estar vazio.',
  nomeSucesso: 'Nome atualizado com sucesso. Efetue o login novamente para ver as alterações.',
  nomeErro: 'Erro ao atualizar o nome.',
  senhaCampos: 'Por favor, preencha todos os campos.',
  senhaDiferentes: 'As novas senhas não coincidem.',
  senhaSucesso: 'Senha atualizada com sucesso.',
  senhaErro: 'Erro ao atualizar a senha.',
  senhaAtualErrada: 'A senha atual está incorreta.',
} as const;

export const ZCurrentUser = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  role: ZRole,
  departamento: z.string().nullable(),
  departamentoId: z.string().nullable(),
  online: z.boolean(),
  fotoUrl: z.string().nullable(),
  notaMedia: z.number().nullable(),
  masterId: z.string().nullable(),
  databaseName: z.string(),
  /** The account's IANA time zone: times are shown in it (default America/Sao_Paulo). */
  timeZone: z.string(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const ZOnlineAnswer = z.object({ online: z.boolean() });
export const ZFotoAnswer = z.object({ fotoUrl: z.string(), url: z.string() });

export const ZChangeNameInput = z.object({
  NovoNome: z
    .string({ error: PROFILE_TEXTS.nomeVazio })
    .trim()
    .min(1, PROFILE_TEXTS.nomeVazio)
    .max(NOME_MAX, `O nome deve ter no máximo ${NOME_MAX} caracteres.`),
});
export const ZChangePasswordInput = z.object({
  SenhaAtual: z.string({ error: PROFILE_TEXTS.senhaCampos }).min(1, PROFILE_TEXTS.senhaCampos),
  NovaSenha: z.string({ error: PROFILE_TEXTS.senhaCampos }).min(1, PROFILE_TEXTS.senhaCampos),
});

/** The dialog's own form: three fields, all required, new and confirmation equal (spec part 1 §5). */
export function validatePasswordChange(atual: string, nova: string, confirmacao: string, minLength = 8): string | null {
  if (!atual || !nova || !confirmacao) return PROFILE_TEXTS.senhaCampos;
  if (nova !== confirmacao) return PROFILE_TEXTS.senhaDiferentes;
  if (nova.length < minLength) return `A senha deve ter pelo menos ${minLength} caracteres.`;
  return null;
}

/** Browser-side photo check (the server checks again by content). */
export function validateFoto(file: { type: string; size: number }): string | null {
  if (!(FOTO_MIME_TYPES as readonly string[]).includes(file.type)) return PROFILE_TEXTS.fotoTipo;
  if (file.size > FOTO_MAX_BYTES) return PROFILE_TEXTS.fotoTamanho;
  return null;
}

/** Spec part 1 §7: a timestamp query on the photo URL so the browser does not show a cached old picture. */
export function withCacheBuster(url: string, nowMs = Date.now()): string {
  // Drop an earlier `t=` so repeated uploads do not pile up timestamps.
  const clean = url.replace(/([?&])t=\d+(&|$)/, (_m, sep: string, end: string) => (end ? sep : '')).replace(/[?&]$/, '');
  return `${clean}${clean.includes('?') ? '&' : '?'}t=${nowMs}`;
}

export * from './admin';
