import { describe, expect, it } from 'vitest';
import { TRACKER_EVENTS, TRACKER_NAMESPACE, type TAnexo, type TTarefa } from '@balcao/shared/tracker';
import { login, makeAccountWithAdmin } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { liveServer } from '../../test/live-server';
import { multipart, PNG_1X1 } from '../../test/multipart';

const P = '/backend/api/tracker';

describe.each(DB_KINDS)('task files reach the account’s other screens live on %s', (kind) => {
  const live = liveServer(kind);

  it('an upload and a removal reach the tracker hub of the same account only', async () => {
    const { app, ctx } = live.t;
    const a = await makeAccountWithAdmin(app, ctx.db);
    const tr = await login(app, (await a.acc.addUser('tracker')).email);
    const b = await makeAccountWithAdmin(app, ctx.db);
    const seen = { a: [] as TAnexo[][], b: [] as TAnexo[][], bTarefas: [] as TTarefa[] };
    const sa = await live.open(TRACKER_NAMESPACE, tr.token);
    sa.on(TRACKER_EVENTS.anexos, (p: { anexos: TAnexo[] }) => seen.a.push(p.anexos));
    const sb = await live.open(TRACKER_NAMESPACE, b.admin.token);
    sb.on(TRACKER_EVENTS.anexos, (p: { anexos: TAnexo[] }) => seen.b.push(p.anexos));
    sb.on(TRACKER_EVENTS.tarefa, (t: TTarefa) => seen.bTarefas.push(t));

    const task = (await app.inject({ method: 'POST', url: `${P}/tarefas`, headers: a.admin.auth, payload: { titulo: 'Print' } })).json();
    const body = await multipart([{ field: 'arquivo', bytes: PNG_1X1, filename: 'print.png', type: 'image/png' }]);
    const up = await app.inject({
      method: 'POST',
      url: `${P}/tarefas/${task.id}/anexos`,
      headers: { ...a.admin.auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    await expect.poll(() => seen.a.length).toBe(1);
    expect(seen.a[0]!.map((x) => x.nome)).toEqual(['print.png']);
    const del = await app.inject({ method: 'DELETE', url: `${P}/tarefas/${task.id}/anexos/${up.json().id}`, headers: a.admin.auth });
    expect(del.statusCode).toBe(204);
    await expect.poll(() => seen.a.length).toBe(2);
    expect(seen.a[1]).toEqual([]);

    // Account B's socket gets its own change, emitted after A's: A's file events never came before it.
    await app.inject({ method: 'POST', url: `${P}/tarefas`, headers: b.admin.auth, payload: { titulo: 'Deles' } });
    await expect.poll(() => seen.bTarefas.length).toBe(1);
    expect(seen.b).toEqual([]);
  });
});
