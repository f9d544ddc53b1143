import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAnexo, TAtividade, TColuna, TTarefa, TTarefaPagina, TVotacao } from '@balcao/shared/tracker';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { multipart, PNG_1X1 } from '../../test/multipart';

const P = '/backend/api/tracker';

describe.each(DB_KINDS)('tracker on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, auth: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

  async function setup() {
    const acc = await makeAccount(t.ctx.db);
    const admin = await login(t.app, (await acc.addUser('admin', { nome: 'Ana Admin' })).email);
    const at = await login(t.app, (await acc.addUser('atendente', { nome: 'Bia' })).email);
    const tr = await login(t.app, (await acc.addUser('tracker', { nome: 'Caio' })).email);
    return { acc, admin, at, tr };
  }
  const criar = async (auth: Record<string, string>, body: Record<string, unknown>) => {
    const r = await call('POST', `${P}/tarefas`, auth, body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as TTarefa;
  };
  const coluna = async (auth: Record<string, string>, status: string) =>
    ((await call('GET', `${P}/tarefas?status=${status}&limite=200`, auth)).json() as TTarefaPagina).tarefas;

  it('numbers tasks per account, filters my tasks, pages, edits with an activity log', async () => {
    const s = await setup();
    const a = await criar(s.admin.auth, { titulo: 'Erro no boleto', responsaveis: [s.tr.user.id], etiquetas: ['boleto'] });
    const b = await criar(s.at.auth, { titulo: 'Pix duplicado', prioridade: 'alta' });
    expect([a.numero, b.numero]).toEqual([1, 2]);
    expect(a).toMatchObject({ status: 'a-fazer', responsaveis: [{ id: s.tr.user.id, nome: 'Caio' }], publica: false, publicUrl: null });
    const other = await setup();
    expect((await criar(other.admin.auth, { titulo: 'Outra conta' })).numero).toBe(1);

    const minhas = (await call('GET', `${P}/tarefas?minhas=true`, s.tr.auth)).json() as TTarefaPagina;
    expect(minhas.tarefas.map((x) => x.id)).toEqual([a.id]);
    const porEtiqueta = (await call('GET', `${P}/tarefas?etiqueta=boleto`, s.at.auth)).json() as TTarefaPagina;
    expect(porEtiqueta.tarefas.map((x) => x.id)).toEqual([a.id]);
    const busca = (await call('GET', `${P}/tarefas?q=%232`, s.at.auth)).json() as TTarefaPagina;
    expect(busca.tarefas.map((x) => x.id)).toEqual([b.id]);
    const p1 = (await call('GET', `${P}/tarefas?limite=1`, s.at.auth)).json() as TTarefaPagina;
    expect(p1.tarefas.map((x) => x.numero)).toEqual([2]);
    const p2 = (await call('GET', `${P}/tarefas?limite=1&cursor=${p1.proximoCursor}`, s.at.auth)).json() as TTarefaPagina;
    expect(p2).toMatchObject({ tarefas: [{ numero: 1 }], proximoCursor: null });

    const patched = await call('PATCH', `${P}/tarefas/${b.id}`, s.tr.auth, {
      titulo: 'Pix em dobro',
      prazo: '2026-12-31',
      complexidade: 5,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ titulo: 'Pix em dobro', prazo: '2026-12-31', complexidade: 5 });
    const act = (await call('GET', `${P}/tarefas/${b.id}/atividade`, s.at.auth)).json() as TAtividade[];
    expect(act.map((x) => [x.tipo, x.dados.campo ?? x.dados.valor ?? null])).toEqual(
      expect.arrayContaining([
        ['criada', null],
        ['campo', 'titulo'],
        ['campo', 'prazo'],
        ['complexidade', 5],
      ]),
    );
    expect(act.find((x) => x.tipo === 'campo')!.usuario).toEqual({ id: s.tr.user.id, nome: 'Caio' });

    const bad = await call('POST', `${P}/tarefas`, s.at.auth, { titulo: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.titulo).toEqual(['Informe o título da tarefa.']);
    expect((await call('POST', `${P}/tarefas`, s.at.auth, { titulo: 'x', responsaveis: [other.admin.user.id] })).statusCode).toBe(400);
  });

  it('answers 404 for another account, 403 for non-admins on admin actions, 401 without a session', async () => {
    const s = await setup();
    const other = await setup();
    const theirs = await criar(other.admin.auth, { titulo: 'Deles' });
    for (const [m, url, body] of [
      ['GET', `${P}/tarefas/${theirs.id}`],
      ['PATCH', `${P}/tarefas/${theirs.id}`, { titulo: 'x' }],
      ['DELETE', `${P}/tarefas/${theirs.id}`],
      ['POST', `${P}/tarefas/${theirs.id}/mover`, { status: 'a-fazer', posicao: 0 }],
      ['GET', `${P}/tarefas/${theirs.id}/comentarios`],
      ['GET', `${P}/tarefas/${theirs.id}/atividade`],
      ['POST', `${P}/tarefas/${theirs.id}/votacao`, {}],
      ['POST', `${P}/tarefas/${theirs.id}/publicar`, { publica: true }],
    ] as [Method, string, unknown?][])
      expect((await call(m, url, s.admin.auth, body)).statusCode, `${m} ${url}`).toBe(404);
    expect(((await call('GET', `${P}/tarefas`, s.admin.auth)).json() as TTarefaPagina).tarefas).toEqual([]);

    const mine = await criar(s.admin.auth, { titulo: 'Minha' });
    expect((await call('POST', `${P}/tarefas/${mine.id}/publicar`, s.at.auth, { publica: true })).statusCode).toBe(403);
    expect((await call('PUT', `${P}/colunas`, s.tr.auth, [{ nome: 'Só', ordem: 0 }])).statusCode).toBe(403);
    expect((await call('DELETE', `${P}/tarefas/${mine.id}`, s.tr.auth)).statusCode).toBe(403);
    expect((await call('GET', `${P}/tarefas`, {})).statusCode).toBe(401);
    // The tracker role keeps its 403 outside the tracker.
    expect((await call('GET', '/backend/api/atendimento/conversas', s.tr.auth)).statusCode).toBe(403);
    expect((await call('DELETE', `${P}/tarefas/${mine.id}`, s.admin.auth)).statusCode).toBe(204);
  });

  it('keeps every position once under concurrent moves, and admins edit the columns', async () => {
    const s = await setup();
    const n = 12;
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await criar(s.at.auth, { titulo: `T${i}` })).id);
    // Everyone moves at once: half to another column, the rest within their own, all to contested slots.
    const moves = await Promise.all(
      ids.map((id, i) =>
        call('POST', `${P}/tarefas/${id}/mover`, i % 2 ? s.tr.auth : s.at.auth, {
          status: i % 3 ? 'a-fazer' : 'em-andamento',
          posicao: i % 2,
        }),
      ),
    );
    for (const r of moves) expect(r.statusCode, r.body).toBe(200);
    const board = [...(await coluna(s.at.auth, 'a-fazer')), ...(await coluna(s.at.auth, 'em-andamento'))];
    expect(board.map((x) => x.id).sort()).toEqual([...ids].sort());
    for (const status of ['a-fazer', 'em-andamento']) {
      const ordens = board.filter((x) => x.status === status).map((x) => x.ordem);
      expect(new Set(ordens).size).toBe(ordens.length);
    }
    // An exact slot: to the top, then between the first two.
    const col = await coluna(s.at.auth, 'a-fazer');
    const last = col[col.length - 1]!;
    await call('POST', `${P}/tarefas/${last.id}/mover`, s.at.auth, { status: 'a-fazer', posicao: 0 });
    expect((await coluna(s.at.auth, 'a-fazer'))[0]!.id).toBe(last.id);
    await call('POST', `${P}/tarefas/${col[0]!.id}/mover`, s.at.auth, { status: 'a-fazer', posicao: 1 });
    expect((await coluna(s.at.auth, 'a-fazer')).slice(0, 2).map((x) => x.id)).toEqual([last.id, col[0]!.id]);
    // Many moves into the same gap wear it out; the column is renumbered and the order holds.
    const [x, y] = [col[1]!.id, col[2]!.id];
    for (let i = 0; i < 60; i++) await call('POST', `${P}/tarefas/${i % 2 ? x : y}/mover`, s.at.auth, { status: 'a-fazer', posicao: 1 });
    const after = await coluna(s.at.auth, 'a-fazer');
    expect(after[0]!.id).toBe(last.id);
    expect(new Set(after.map((z) => z.ordem)).size).toBe(after.length);

    const act = (await call('GET', `${P}/tarefas/${ids[0]}/atividade`, s.at.auth)).json() as TAtividade[];
    expect(act[0]).toMatchObject({ tipo: 'status', dados: { de: 'a-fazer', para: 'em-andamento' } });
    expect((await call('POST', `${P}/tarefas/${ids[0]}/mover`, s.at.auth, { status: 'nao-existe', posicao: 0 })).statusCode).toBe(400);

    const cols = (await call('GET', `${P}/colunas`, s.at.auth)).json() as TColuna[];
    const edited = await call('PUT', `${P}/colunas`, s.admin.auth, [
      ...cols.map((c, i) => ({ id: c.id, nome: c.id === 'em-revisao' ? 'Revisão' : c.nome, ordem: i })),
      { nome: 'Bloqueada', ordem: 9 },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    const novas = edited.json() as TColuna[];
    expect(novas.map((c) => c.nome)).toEqual(['A fazer', 'Em andamento', 'Revisão', 'Concluída', 'Bloqueada']);
    // A column with tasks stays; an empty one goes.
    const semAFazer = await call('PUT', `${P}/colunas`, s.admin.auth, novas.slice(1));
    expect(semAFazer.statusCode).toBe(409);
    const semBloqueada = await call('PUT', `${P}/colunas`, s.admin.auth, novas.slice(0, 4));
    expect((semBloqueada.json() as TColuna[]).length).toBe(4);
  });

  it('hides other voters’ values until the reveal and sets the final complexity', async () => {
    const s = await setup();
    const task = await criar(s.admin.auth, { titulo: 'Estimar' });
    const V = `${P}/tarefas/${task.id}/votacao`;
    expect((await call('POST', `${V}/votos`, s.at.auth, { valor: 3 })).statusCode).toBe(409);
    expect((await call('POST', V, s.admin.auth, {})).json()).toMatchObject({ rodada: 1, aberta: true, revelada: false });
    expect((await call('POST', `${V}/votos`, s.at.auth, { valor: 4 })).statusCode).toBe(400);
    await call('POST', `${V}/votos`, s.at.auth, { valor: 8 });
    await call('POST', `${V}/votos`, s.tr.auth, { valor: '?' });
    const seen = (await call('GET', V, s.at.auth)).json() as TVotacao;
    expect(Object.fromEntries(seen.votos.map((v) => [v.nome, v.valor]))).toEqual({ Bia: 8, Caio: null });
    const byTr = (await call('GET', V, s.tr.auth)).json() as TVotacao;
    expect(Object.fromEntries(byTr.votos.map((v) => [v.nome, v.valor]))).toEqual({ Bia: null, Caio: '?' });
    // Only the moderator (who opened it) or an admin reveals.
    expect((await call('POST', `${V}/revelar`, s.at.auth, {})).statusCode).toBe(403);
    expect((await call('POST', `${V}/revelar`, s.admin.auth, {})).statusCode).toBe(200);
    const revealed = (await call('GET', V, s.tr.auth)).json() as TVotacao;
    expect(Object.fromEntries(revealed.votos.map((v) => [v.nome, v.valor]))).toEqual({ Bia: 8, Caio: '?' });
    // A new round starts empty; the old votes stay with their round.
    const r2 = (await call('POST', V, s.admin.auth, {})).json() as TVotacao;
    expect(r2).toMatchObject({ rodada: 2, revelada: false, votos: [] });
    await call('POST', `${V}/votos`, s.tr.auth, { valor: 13 });
    expect((await call('POST', `${V}/encerrar`, s.admin.auth, { complexidade: 4 })).statusCode).toBe(400);
    const fim = await call('POST', `${V}/encerrar`, s.admin.auth, { complexidade: 13 });
    expect(fim.json()).toMatchObject({ aberta: false, revelada: true });
    expect(((await call('GET', `${P}/tarefas/${task.id}`, s.at.auth)).json() as TTarefa).complexidade).toBe(13);
  });

  it('shares a task by an unguessable id with only its public fields, and unsharing 404s at once', async () => {
    const s = await setup();
    const task = await criar(s.admin.auth, {
      titulo: 'Erro no boleto',
      descricao: 'Interno: senha-123',
      descricaoPublica: 'Estamos **corrigindo**. <script>alert(1)</script>',
      responsaveis: [s.tr.user.id],
    });
    await call('POST', `${P}/tarefas/${task.id}/comentarios`, s.at.auth, { texto: 'Comentário interno' });
    expect((await t.app.inject({ url: `/backend/api/public/tracker/tarefas/${task.id}` })).statusCode).toBe(404);
    const pub = await call('POST', `${P}/tarefas/${task.id}/publicar`, s.admin.auth, { publica: true });
    const { publicUrl } = pub.json() as { publicUrl: string };
    const pid = publicUrl.split('/').pop()!;
    expect(publicUrl).toBe(`http://balcao.test/public/tracker/tarefas/${pid}`);
    expect(pid.length).toBeGreaterThanOrEqual(22);
    await call('POST', `${P}/tarefas/${task.id}/mover`, s.at.auth, { status: 'em-andamento', posicao: 0 });
    const data = await t.app.inject({ url: `/backend/api/public/tracker/tarefas/${pid}` });
    expect(data.statusCode).toBe(200);
    expect(Object.keys(data.json()).sort()).toEqual(['atualizadaEm', 'concluida', 'descricao', 'linhaDoTempo', 'status', 'titulo']);
    expect(data.json()).toMatchObject({
      titulo: 'Erro no boleto',
      descricao: 'Estamos **corrigindo**. <script>alert(1)</script>',
      status: { id: 'em-andamento', nome: 'Em andamento' },
      linhaDoTempo: [
        { tipo: 'criada', status: 'A fazer' },
        { tipo: 'status', status: 'Em andamento' },
      ],
    });
    for (const secret of ['senha-123', 'Comentário interno', 'Caio', '@teste.local', task.id]) expect(data.body).not.toContain(secret);
    const page = await t.app.inject({ url: `/public/tracker/tarefas/${pid}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Erro no boleto');
    expect(page.body).toContain('Em andamento');
    expect(page.body).not.toContain('senha-123');
    // The public description is Markdown, sanitised: its marks render, a tag typed in it is shown as text.
    expect(page.body).toContain('<strong>corrigindo</strong>. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert');

    await call('POST', `${P}/tarefas/${task.id}/publicar`, s.admin.auth, { publica: false });
    expect((await t.app.inject({ url: `/backend/api/public/tracker/tarefas/${pid}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/public/tracker/tarefas/${pid}` })).statusCode).toBe(404);
    const again = (await call('POST', `${P}/tarefas/${task.id}/publicar`, s.admin.auth, { publica: true })).json() as { publicUrl: string };
    expect(again.publicUrl).not.toBe(publicUrl);
  });

  it('keeps files on a task in the account storage, checked by content and size, never on the public page', async () => {
    const s = await setup();
    const other = await setup();
    const task = await criar(s.admin.auth, { titulo: 'Tela em branco', responsaveis: [s.tr.user.id] });
    const A = `${P}/tarefas/${task.id}/anexos`;
    const anexar = async (auth: Record<string, string>, url: string, bytes: Buffer, filename: string, type = 'image/png') => {
      const body = await multipart([{ field: 'arquivo', bytes, filename, type }]);
      return t.app.inject({ method: 'POST', url, headers: { ...auth, ...body.headers }, payload: body.payload });
    };

    // The tracker role attaches a screenshot; the bytes are served back from the storage.
    const r = await anexar(s.tr.auth, A, PNG_1X1, 'C:\\fotos\\tela.png');
    expect(r.statusCode, r.body).toBe(201);
    const png = r.json() as TAnexo;
    expect(png).toMatchObject({
      nome: 'tela.png',
      tamanho: PNG_1X1.length,
      mimeType: 'image/png',
      autor: { id: s.tr.user.id, nome: 'Caio' },
    });
    expect(png.url).toMatch(new RegExp(`^/backend/uploads/tracker/${s.acc.account.id}/[0-9a-f]{32}\\.png$`));
    const served = await t.app.inject({ url: png.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
    const pdf = await anexar(s.at.auth, A, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'log.pdf', 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    const lista = (await call('GET', A, s.admin.auth)).json() as TAnexo[];
    expect(lista.map((x) => x.nome)).toEqual(['tela.png', 'log.pdf']);

    // Checked by what the bytes are, not by the name or the declared type; and by size, in Portuguese.
    const falso = await anexar(s.at.auth, A, Buffer.from('<script>alert(1)</script>'), 'foto.png');
    expect([falso.statusCode, falso.json().message]).toEqual([415, 'Tipo de arquivo não permitido.']);
    const grande = await anexar(s.at.auth, A, Buffer.concat([PNG_1X1, Buffer.alloc(16 * 1024 * 1024)]), 'grande.png');
    expect([grande.statusCode, grande.json().message]).toEqual([413, 'O arquivo deve ter no máximo 16MB.']);
    expect((await call('POST', A, s.at.auth, { arquivo: 'x' })).statusCode).toBe(400);
    expect((await call('GET', A, s.at.auth)).json()).toHaveLength(2);

    // Another account's ids are a 404, whichever part is foreign.
    const theirs = await criar(other.admin.auth, { titulo: 'Deles' });
    expect((await anexar(s.admin.auth, `${P}/tarefas/${theirs.id}/anexos`, PNG_1X1, 'x.png')).statusCode).toBe(404);
    expect((await call('GET', `${P}/tarefas/${theirs.id}/anexos`, s.admin.auth)).statusCode).toBe(404);
    expect((await call('GET', A, other.admin.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `${A}/${png.id}`, other.admin.auth)).statusCode).toBe(404);
    const outra = await criar(s.admin.auth, { titulo: 'Outra' });
    expect((await call('DELETE', `${P}/tarefas/${outra.id}/anexos/${png.id}`, s.admin.auth)).statusCode).toBe(404);

    // Never on the public page.
    const { publicUrl } = (await call('POST', `${P}/tarefas/${task.id}/publicar`, s.admin.auth, { publica: true })).json() as {
      publicUrl: string;
    };
    const pid = publicUrl.split('/').pop()!;
    for (const url of [`/backend/api/public/tracker/tarefas/${pid}`, `/public/tracker/tarefas/${pid}`]) {
      const pub = await t.app.inject({ url });
      expect(pub.statusCode).toBe(200);
      for (const secret of ['tela.png', 'log.pdf', '/backend/uploads/']) expect(pub.body).not.toContain(secret);
    }

    // Removed by whoever sent it or an admin; the stored file goes with the row; both show in the activity log.
    expect((await call('DELETE', `${A}/${png.id}`, s.at.auth)).statusCode).toBe(403);
    expect((await call('DELETE', `${A}/${png.id}`, s.tr.auth)).statusCode).toBe(204);
    expect((await t.app.inject({ url: png.url })).statusCode).toBe(404);
    expect(((await call('GET', A, s.at.auth)).json() as TAnexo[]).map((x) => x.nome)).toEqual(['log.pdf']);
    expect((await call('DELETE', `${A}/${png.id}`, s.admin.auth)).statusCode).toBe(404);
    const act = (await call('GET', `${P}/tarefas/${task.id}/atividade`, s.at.auth)).json() as TAtividade[];
    expect(act.filter((x) => x.tipo.startsWith('anexo')).map((x) => [x.tipo, x.dados.nome, x.usuario?.nome])).toEqual([
      ['anexoRemovido', 'tela.png', 'Caio'],
      ['anexo', 'log.pdf', 'Bia'],
      ['anexo', 'tela.png', 'Caio'],
    ]);

    // Deleting the task deletes its files.
    const [restante] = (await call('GET', A, s.at.auth)).json() as TAnexo[];
    expect((await call('DELETE', `${P}/tarefas/${task.id}`, s.admin.auth)).statusCode).toBe(204);
    expect((await t.app.inject({ url: restante!.url })).statusCode).toBe(404);
  });

  it('comments with mentions and tells assignees and the mentioned in the internal chat', async () => {
    const s = await setup();
    const task = await criar(s.admin.auth, { titulo: 'Nota fiscal', responsaveis: [s.tr.user.id] });
    const c = await call('POST', `${P}/tarefas/${task.id}/comentarios`, s.admin.auth, {
      texto: '@Bia pode olhar?',
      mencoes: [s.at.user.id],
    });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json()).toMatchObject({ autor: { nome: 'Ana Admin' }, mencoes: [{ id: s.at.user.id, nome: 'Bia' }] });
    const lista = (await call('GET', `${P}/tarefas/${task.id}/comentarios`, s.tr.auth)).json() as unknown[];
    expect(lista).toHaveLength(1);
    for (const [who, text] of [
      [s.tr, `Ana Admin atribuiu a você a tarefa #${task.numero}: Nota fiscal`],
      [s.at, `Ana Admin mencionou você na tarefa #${task.numero}: Nota fiscal`],
    ] as const) {
      const conversas = (await call('GET', '/backend/api/chat-interno/conversas', who.auth)).json() as {
        ultimaMensagem?: { conteudo: string };
      }[];
      expect(JSON.stringify(conversas)).toContain(text);
    }
  });
});
