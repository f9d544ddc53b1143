import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TConversasPage, TMensagensPage, TSendAck } from '@balcao/shared/atendimentos';
import { LICENCA_EXPIRADA, LICENCA_TEXTS } from '@balcao/shared/licenca';
import { makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';
import { login, makeAccount } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { liveServer } from '../../test/live-server';

const OPERATOR = 'operador-socket-0123456789abc';

/** The socket's SendMessage is customer-facing work too; an expired account's is refused, not stored. */
describe.each(DB_KINDS)('SendMessage with an expired licence on %s', (kind) => {
  const live = liveServer(kind, { OPERATOR_TOKEN: OPERATOR });
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    live.running.app.inject({ method, url: `/backend${url}`, headers, ...(payload ? { payload } : {}) });

  it('acknowledges { ok: false, code: LICENCA_EXPIRADA } with the Portuguese message, and stores nothing', async () => {
    const acc = await makeAccount(live.running.ctx.db);
    const master = await login(live.running.app, acc.master.email);
    const at = await login(live.running.app, (await acc.addUser('atendente')).email);
    const canal = await makeCanal(live.t, master.auth);
    await (await makeVisitor(live.t, canal)).send('Olá');
    const page = (await inject('GET', '/api/atendimento/conversas?status=aguardando', at.auth)).json() as TConversasPage;
    const id = page.itens[0]!.atendimentoId;
    expect((await inject('POST', `/api/atendimento/${id}/aceitar`, at.auth)).statusCode).toBe(200);

    const socket = await live.open('/atendimento', at.token);
    const send = (conteudo: string) =>
      socket.emitWithAck('SendMessage', JSON.stringify({ atendimentoId: id, clientId: randomUUID(), conteudo })) as Promise<TSendAck>;

    expect(await send('Antes do vencimento')).toMatchObject({ ok: true });
    const venceu = await inject(
      'POST',
      '/operador/licenca/vencimento',
      { authorization: `Bearer ${OPERATOR}` },
      { databaseName: acc.account.databaseName, dataVencimento: new Date(Date.now() - 60_000).toISOString() },
    );
    expect(venceu.statusCode).toBe(200);
    expect(await send('Depois do vencimento')).toEqual({ ok: false, code: LICENCA_EXPIRADA, message: LICENCA_TEXTS.expirada });

    const msgs = (await inject('GET', `/api/atendimento/${id}/mensagens`, at.auth)).json() as TMensagensPage;
    const textos = msgs.mensagens.map((m) => m.conteudo);
    expect(textos).toContain('Antes do vencimento');
    expect(textos).not.toContain('Depois do vencimento');
    expect(socket.connected).toBe(true);
  });
});
