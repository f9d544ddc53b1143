import { z } from 'zod';

/** A databaseName (the account's slug): lower-case letters, digits and hyphens. */
const DATABASE_NAME_PATTERN = /^[a-z0-9-]{2,40}$/;

/** POST /backend/operador/contas and `npm run account:create`: a new account and its master. */
export const ZOperadorContaInput = z.object({
  nome: z.string().trim().min(2, 'Informe o nome da empresa.').max(120, 'Use no máximo 120 caracteres.'),
  email: z.email('Informe o e-mail do master.').max(254),
  masterNome: z.string().trim().min(1, 'Informe o nome do master.').max(120, 'Use no máximo 120 caracteres.').optional(),
  databaseName: z.string().regex(DATABASE_NAME_PATTERN, 'Use de 2 a 40 letras minúsculas, números e hífen.').optional(),
});
export type TOperadorContaInput = z.infer<typeof ZOperadorContaInput>;

/** The account created: its databaseName and where the credentials went. */
export const ZOperadorConta = z.object({
  id: z.string(),
  nome: z.string(),
  databaseName: z.string(),
  master: z.object({ id: z.string(), nome: z.string(), email: z.string() }),
});
export type TOperadorConta = z.infer<typeof ZOperadorConta>;

/** GET /backend/operador/whatsapp/entregas-com-falha: the latest WhatsApp webhook deliveries given up on. */
export const ZOperadorEntregaFalha = z.object({
  id: z.string(),
  accountId: z.string(),
  canalId: z.string(),
  recebidoEm: z.string(),
  erro: z.string(),
});
export type TOperadorEntregaFalha = z.infer<typeof ZOperadorEntregaFalha>;
