import type { TCurrentUser } from '@balcao/shared/usuarios';
import type { AccountRow } from '../../db/schema/accounts';
import type { UserRow } from '../../db/schema/users';

/** The one wire shape of the logged-in user (spec part 1 §3), for login, GetCurrentUser and sockets. */
export function presentCurrentUser(
  user: UserRow,
  account: Pick<AccountRow, 'databaseName' | 'masterUserId' | 'timeZone'>,
  departamento: string | null,
  notaMedia: number | null,
): TCurrentUser {
  return {
    id: user.id,
    nome: user.nome,
    email: user.email,
    role: user.role,
    departamento,
    departamentoId: user.departamentoId,
    online: user.online,
    fotoUrl: user.fotoUrl,
    notaMedia,
    masterId: account.masterUserId,
    databaseName: account.databaseName,
    timeZone: account.timeZone,
  };
}
