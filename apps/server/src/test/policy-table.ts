import { expect, it } from 'vitest';
import { ROLES, type TRole } from '@balcao/shared/roles';
import type { TSessionUser } from '../lib/session';

/** One line of a policy's table: an action (on a named subject), the roles it allows, and how to ask the policy. */
export type PolicyRow = { action: string; subject?: string; allowed: readonly TRole[]; ask: (user: TSessionUser) => boolean };

/** The caller of every row: same id in every table, so "own" subjects use `SELF` and others `OTHER`. */
export const SELF = '00000000-0000-4000-8000-000000000001';
export const OTHER = '00000000-0000-4000-8000-000000000002';
export const userOf = (role: TRole): TSessionUser => ({ id: SELF, accountId: '00000000-0000-4000-8000-0000000000aa', role });

/** Every role × every row: the policy answers allow exactly for the listed roles. */
export function roleTable(rows: readonly PolicyRow[]): void {
  for (const row of rows)
    for (const role of ROLES) {
      const allowed = row.allowed.includes(role);
      it(`${role} · ${row.action}${row.subject ? ` (${row.subject})` : ''} → ${allowed ? 'allow' : 'deny'}`, () => {
        expect(row.ask(userOf(role))).toBe(allowed);
      });
    }
}

export const ALL: readonly TRole[] = ROLES;
export const NONE: readonly TRole[] = [];
export const ADMINS: readonly TRole[] = ['master', 'admin'];
export const STAFF: readonly TRole[] = ['master', 'admin', 'atendente'];
