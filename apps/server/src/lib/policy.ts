import type { TRole } from '@balcao/shared/roles';
import { AppError, Forbidden } from './errors';
import type { TSessionUser } from './session';

/**
 * A rule's answer: true allows; anything else says why not. `false` is the policy's own refusal, a string the
 * Portuguese words of a 403, an AppError a refusal that is not about permission (a 409 for a closed conversation).
 */
export type Verdict = boolean | string | AppError;

/** An action on nothing takes no subject; every other action names what it acts on. */
type SubjectArg<S, A extends keyof S> = undefined extends S[A] ? [subject?: S[A]] : [subject: S[A]];

/**
 * A domain's policy, as Outline's server/policies: one rule per action, `can` to ask and `authorize` to refuse.
 * `S` maps each action to its subject's type; `U` is who acts (the session user, or more where a rule needs it).
 * `authorize` returns the user, so a route guard reads `const user = authorize(requireUser(req), 'gerir')`.
 */
export function definePolicy<S, U = TSessionUser>(refusal: string, rules: { [A in keyof S]: (user: U, subject: S[A]) => Verdict }) {
  const verdict = <A extends keyof S>(user: U, action: A, subject: SubjectArg<S, A>): Verdict => rules[action](user, subject[0] as S[A]);
  return {
    can: <A extends keyof S>(user: U, action: A, ...subject: SubjectArg<S, A>): boolean => verdict(user, action, subject) === true,
    authorize: <A extends keyof S, V extends U>(user: V, action: A, ...subject: SubjectArg<S, A>): V => {
      const v = verdict(user, action, subject);
      if (v === true) return user;
      if (v instanceof AppError) throw v;
      throw new Forbidden(typeof v === 'string' ? v : refusal);
    },
  };
}

/** The usual rule: the action belongs to these roles. */
export const roleIn =
  (...roles: readonly TRole[]) =>
  (user: { role: TRole }): boolean =>
    roles.includes(user.role);

/** The refusal of the administration screens (users, departments, account settings, overview, ERP keys). */
export const SOMENTE_ADMINISTRADORES = 'Somente administradores podem fazer isso.';
