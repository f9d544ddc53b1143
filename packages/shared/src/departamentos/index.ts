import { z } from 'zod';

/** Longest department name that fits the dock menus and transfer lists. */
export const DEPARTAMENTO_NOME_MAX = 60;

export const ZDepartamento = z.object({ id: z.string(), nome: z.string(), membros: z.number().int() });
export type TDepartamento = z.infer<typeof ZDepartamento>;
