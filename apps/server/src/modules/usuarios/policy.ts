import { Forbidden } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';

/** Profile calls act on the caller only; another id (same account or not) is refused alike. */
export function assertOwnProfile(user: TSessionUser, targetId: string): void {
  if (user.id !== targetId) throw new Forbidden('Você só pode alterar o seu próprio perfil.');
}
