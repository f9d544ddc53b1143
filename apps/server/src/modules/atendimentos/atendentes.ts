import { and, asc, eq, inArray } from 'drizzle-orm';
import { HEARTBEAT_INTERVAL_MS } from '@balcao/shared/auth';
import type { TAtendenteOnline } from '@balcao/shared/atendimentos';
import { departamentos } from '../../db/schema/departamentos';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { ROLES_QUE_ATENDEM } from './policy';

/** Three missed heartbeats and a person counts as gone, whatever status they chose. */
const PRESENCE_TIMEOUT_MS = 3 * HEARTBEAT_INTERVAL_MS;

/** Who can take a conversation (for Transferir and ChatListPresence), with whether they are online now. */
export async function listAtendentes(db: Db, accountId: string): Promise<TAtendenteOnline[]> {
  const rows = await db
    .select({
      id: users.id,
      nome: users.nome,
      fotoUrl: users.fotoUrl,
      departamentoId: users.departamentoId,
      departamentoNome: departamentos.nome,
      online: users.online,
      lastHeartbeatAt: users.lastHeartbeatAt,
    })
    .from(users)
    .leftJoin(departamentos, eq(departamentos.id, users.departamentoId))
    .where(and(eq(users.accountId, accountId), eq(users.ativo, true), inArray(users.role, [...ROLES_QUE_ATENDEM])))
    .orderBy(asc(users.nome));
  const now = Date.now();
  return rows.map(({ lastHeartbeatAt, ...r }) => ({
    ...r,
    online: r.online && !!lastHeartbeatAt && now - lastHeartbeatAt.getTime() < PRESENCE_TIMEOUT_MS,
  }));
}
