/**
 * Every Socket.IO room name of the server, in one place: the hubs join them at the handshake, the publisher
 * emits to them, and services act on them (logout closes a session's sockets, a department change moves a
 * queue, a paused channel ends its visitors). Ids are uuids, so a room never reaches another account.
 */
export const rooms = {
  account: (id: string) => `account:${id}`,
  user: (id: string) => `user:${id}`,
  /** One login (the refresh-token family): logout closes only its sockets. */
  session: (sid: string) => `session:${sid}`,
  /** Atendentes of a department: the queue of its waiting atendimentos. */
  department: (id: string) => `department:${id}`,
  /** Admins and master of an account: they see every atendimento. */
  supervisors: (accountId: string) => `supervisors:${accountId}`,
  /** Every atendente of the account: the queue of atendimentos without a department. */
  atendentes: (accountId: string) => `atendentes:${accountId}`,
  /** Every visitor socket of a widget channel. */
  canal: (canalId: string) => `canal:${canalId}`,
  /** One visitor's sockets (all their tabs) on one channel. */
  visitor: (clienteId: string, canalId: string) => `visitante:${clienteId}:${canalId}`,
};
