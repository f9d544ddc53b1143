import { z } from 'zod';

/** Spec part 1 §1: roles, compared in lower case. */
export const ROLES = ['master', 'admin', 'atendente', 'user', 'tracker'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** Lower-cases a role as it may arrive (the spec compares roles in lower case). */
export function normalizeRole(role: string | null | undefined): TRole | null {
  const r = (role ?? '').toLowerCase();
  return (ROLES as readonly string[]).includes(r) ? (r as TRole) : null;
}

export const ROLE_LABEL: Record<TRole, string> = {
  master: 'Master',
  admin: 'Administrador',
  atendente: 'Atendente',
  user: 'Usuário',
  tracker: 'Tracker',
};
