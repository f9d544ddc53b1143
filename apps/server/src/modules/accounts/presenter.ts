import type { TOperadorConta } from '@balcao/shared/operador';
import type { AccountRow } from '../../db/schema/accounts';
import type { UserRow } from '../../db/schema/users';

/** An account created by the operator, as the operator API answers it. */
export const presentConta = (account: AccountRow, master: UserRow): TOperadorConta => ({
  id: account.id,
  nome: account.nome,
  databaseName: account.databaseName,
  master: { id: master.id, nome: master.nome, email: master.email },
});
