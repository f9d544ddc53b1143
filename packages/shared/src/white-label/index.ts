import { z } from 'zod';

/** A white label's id: it goes into index.html and into URLs, so letters, digits and dashes only. */
const ZWhiteLabelId = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Use de 1 a 63 letras minúsculas, números ou hífens.');
const ZHost = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]+(?::\d{1,5})?$/, 'Host inválido.');

/** POST/PUT /backend/operador/white-labels: a brand the product is sold under, picked by the request's Host. */
export const ZWhiteLabelInput = z.object({
  id: ZWhiteLabelId,
  nome: z.string().trim().min(1, 'Informe o nome.').max(120),
  hosts: z.array(ZHost).max(20).default([]),
  corPrimaria: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use uma cor no formato #RRGGBB.')
    .nullish(),
  /** Where this brand's links point (e-mails, confirmation links); without it, PUBLIC_URL. */
  publicUrl: z.url('Informe uma URL válida.').nullish(),
});
export type TWhiteLabelInput = z.input<typeof ZWhiteLabelInput>;

export const ZWhiteLabel = z.object({
  id: z.string(),
  nome: z.string(),
  hosts: z.array(z.string()),
  corPrimaria: z.string().nullable(),
  publicUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type TWhiteLabel = z.infer<typeof ZWhiteLabel>;

/** POST /backend/operador/contas/{databaseName}/white-label. */
export const ZAtribuirWhiteLabel = z.object({ whiteLabelId: z.string().nullable() });

/** GET /backend/api/public/white-labels/{id}: what the login page and the menu show (no hosts). */
export const ZWhiteLabelPublico = z.object({
  id: z.string(),
  nome: z.string(),
  corPrimaria: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type TWhiteLabelPublico = z.infer<typeof ZWhiteLabelPublico>;
