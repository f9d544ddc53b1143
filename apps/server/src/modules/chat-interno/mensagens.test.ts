import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_INTERNO_MIDIA_URL_RE,
  CHAT_INTERNO_PAGE_SIZE,
  CHAT_INTERNO_VALIDACAO as V,
  type TConversa,
  type TMensagem,
  type TMensagensPagina,
} from '@balcao/shared/chat-interno';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { bytes, chatWorld, makeGroup, type ChatClient, type ChatWorld } from './testing';

describe.each(DB_KINDS)('chat interno: messages and files on %s', (kind) => {
  let t: TestApp;
  let w: ChatWorld;
  let direct: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await chatWorld(t);
    direct = (await w.api.ana.post('/conversa', { usuarios: [w.bia.id], departamentos: [], nome: '' })).json().id;
  });
  afterAll(() => t.close());

  const page = async (api: ChatClient, id: string, query = '') => {
    const res = await api.get(`/mensagens/${id}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as TMensagensPagina;
  };
  const unread = async (api: ChatClient, id: string) =>
    ((await api.get('/conversas')).json() as TConversa[]).find((c) => c.id === id)!.qtdMensagensNaoVistas;

  it("stores a text message and answers it in the spec's shape, with an ISO-8601 UTC time", async () => {
    const clientId = randomUUID();
    const res = await w.api.ana.send(direct, '  Bom dia!  ', clientId);
    expect(res.statusCode).toBe(201);
    const m = res.json() as TMensagem;
    expect(m).toMatchObject({
      conversaId: direct,
      conteudo: 'Bom dia!',
      remetenteId: w.ana.id,
      remetenteNome: 'Ana',
      remetenteFotoUrl: null,
      lida: false,
      origemTipo: 1,
      tipo: 'text',
      midiaUrl: null,
      clientId,
    });
    expect(m.dataEnvio).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(m.dataEnvio) - Date.now())).toBeLessThan(60_000);
  });

  it('stores a resent message once (same client id) and refuses empty or oversized ones', async () => {
    const clientId = randomUUID();
    const first = await w.api.ana.send(direct, 'uma vez', clientId);
    const again = await w.api.ana.send(direct, 'uma vez', clientId);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const p = await page(w.api.ana, direct);
    expect(p.mensagens.filter((m) => m.clientId === clientId)).toHaveLength(1);

    const empty = await w.api.ana.send(direct, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: V.mensagemVazia, errors: { 'mensagem.texto': [V.mensagemVazia] } });
    const tooLong = await w.api.ana.send(direct, 'x'.repeat(10_001));
    expect(tooLong.json().message).toBe(V.mensagemLonga);
    const noId = await w.api.ana.post('/mensagem', { conversaId: direct, mensagem: { texto: 'sem id' } });
    expect(noId.statusCode).toBe(400);
    const badConversa = await w.api.ana.post('/mensagem', { conversaId: 'x', mensagem: { id: 'a', texto: 'oi' } });
    expect(badConversa.statusCode).toBe(400);
    expect(badConversa.json().message).toBe(V.idInvalido);
  });

  it('pages 25 at a time, newest page first, oldest to newest within a page', async () => {
    const id = await makeGroup(w.api.master, 'Histórico', [w.ana.id, w.bia.id]);
    for (let i = 1; i <= 59; i++) await w.api.ana.send(id, `m${i}`);
    // 60 messages: the creation notice and m1..m59.
    const p1 = await page(w.api.bia, id);
    expect(p1.mensagens).toHaveLength(CHAT_INTERNO_PAGE_SIZE);
    expect(p1).toMatchObject({ hasMore: true, currentPage: 1, totalCount: 60 });
    expect(p1.mensagens[0]!.conteudo).toBe('m35');
    expect(p1.mensagens.at(-1)!.conteudo).toBe('m59');
    const p3 = await page(w.api.bia, id, '?page=3');
    expect(p3).toMatchObject({ hasMore: false, currentPage: 3, totalCount: 60 });
    expect(p3.mensagens.map((m) => m.conteudo)[0]).toBe('Master Teste criou o grupo "Histórico"');
    expect(p3.mensagens[0]!.origemTipo).toBe(2);
    expect(p3.mensagens).toHaveLength(10);
    const skipped = await page(w.api.bia, id, '?skip=50&pageSize=5');
    expect(skipped.mensagens.map((m) => m.conteudo)).toEqual(['m5', 'm6', 'm7', 'm8', 'm9']);
    expect(skipped).toMatchObject({ hasMore: true, currentPage: 11 });
    expect((await w.api.bia.get(`/mensagens/${id}?pageSize=101`)).statusCode).toBe(400);
    expect((await w.api.bia.get(`/mensagens/${id}?page=0`)).statusCode).toBe(400);
  });

  it("marks messages read (ViewMessages over HTTP), by our id or the client's, and reports lida both ways", async () => {
    const id = await makeGroup(w.api.ana, 'Leitura', [w.bia.id, w.caio.id]);
    const clientId = randomUUID();
    await w.api.ana.send(id, 'primeira');
    await w.api.ana.send(id, 'segunda', clientId);
    expect(await unread(w.api.bia, id)).toBe(3);
    expect((await page(w.api.ana, id)).mensagens.at(-1)!.lida).toBe(false);

    expect((await w.api.bia.post(`/conversa/${id}/visualizar`, { ultimaMensagemId: clientId })).statusCode).toBe(204);
    expect(await unread(w.api.bia, id)).toBe(0);
    expect((await page(w.api.ana, id)).mensagens.at(-1)!.lida).toBe(true);
    expect((await page(w.api.bia, id)).mensagens.every((m) => m.lida)).toBe(true);

    const last = (await w.api.ana.send(id, 'terceira')).json() as TMensagem;
    expect(await unread(w.api.caio, id)).toBe(4);
    expect((await w.api.caio.post(`/conversa/${id}/visualizar`, { ultimaMensagemId: last.id })).statusCode).toBe(204);
    expect(await unread(w.api.caio, id)).toBe(0);
    // A view never moves a mark back.
    await w.api.caio.post(`/conversa/${id}/visualizar`, { ultimaMensagemId: clientId });
    expect(await unread(w.api.caio, id)).toBe(0);
    const unknown = await w.api.caio.post(`/conversa/${id}/visualizar`, { ultimaMensagemId: 'nao-existe' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(V.mensagemNaoEncontrada);
    await w.api.ana.send(id, 'quarta');
    expect((await w.api.caio.post(`/conversa/${id}/visualizar`)).statusCode).toBe(204);
    expect(await unread(w.api.caio, id)).toBe(0);
  });

  it('uploads a file checked by its bytes and sends it as a media message', async () => {
    const img = await w.api.ana.upload('/upload-arquivo', 'file', 'foto.png', bytes.png(), 'image/png');
    expect(img.statusCode).toBe(200);
    expect(img.json()).toMatchObject({ tipo: 'image', nomeArquivo: 'foto.png', tamanho: 64, mimeType: 'image/png' });
    const url = img.json().url as string;
    expect(url).toMatch(CHAT_INTERNO_MIDIA_URL_RE);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);

    const sent = await w.api.ana.post('/mensagem', {
      conversaId: direct,
      mensagem: { id: randomUUID(), texto: 'legenda', tipo: 'image', midiaUrl: url },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ tipo: 'image', midiaUrl: url, conteudo: 'legenda' });
    const row = ((await w.api.bia.get('/conversas')).json() as TConversa[]).find((c) => c.id === direct)!;
    expect(row.ultimaMensagem).toBe('[Foto] legenda');

    const noUrl = await w.api.ana.post('/mensagem', { conversaId: direct, mensagem: { id: randomUUID(), texto: '', tipo: 'document' } });
    expect(noUrl.json().message).toBe(V.midiaObrigatoria);
    const foreign = await w.api.ana.post('/mensagem', {
      conversaId: direct,
      mensagem: { id: randomUUID(), texto: '', tipo: 'image', midiaUrl: 'https://example.com/x.png' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(V.midiaInvalida);
  });

  it('accepts documents (pdf, plain text) and refuses what is not what it claims', async () => {
    const pdf = await w.api.ana.upload('/upload-arquivo', 'file', 'contrato.pdf', bytes.pdf(), 'application/pdf');
    expect(pdf.json()).toMatchObject({ tipo: 'document', mimeType: 'application/pdf' });
    const txt = await w.api.ana.upload('/upload-arquivo', 'file', 'notas.txt', bytes.text(), 'text/plain');
    expect(txt.statusCode).toBe(200);
    expect(txt.json()).toMatchObject({ tipo: 'document', mimeType: 'text/plain' });
    expect(txt.json().url).toMatch(/\.txt$/);

    const fakePng = await w.api.ana.upload('/upload-arquivo', 'file', 'foto.png', bytes.text('not an image'), 'image/png');
    expect(fakePng.statusCode).toBe(415);
    expect(fakePng.json().message).toBe(V.arquivoTipo);
    const binaryTxt = await w.api.ana.upload(
      '/upload-arquivo',
      'file',
      'notas.txt',
      Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0xff, 0xfe]),
      'text/plain',
    );
    expect(binaryTxt.statusCode).toBe(415);
    const empty = await w.api.ana.upload('/upload-arquivo', 'file', 'vazio.pdf', Buffer.alloc(0), 'application/pdf');
    expect(empty.statusCode).toBe(400);
  });

  it('caps each kind: images at 10 MB, documents at 25 MB', async () => {
    const MB = 1024 * 1024;
    const bigImage = await w.api.ana.upload('/upload-arquivo', 'file', 'grande.png', bytes.png(10 * MB + 1), 'image/png');
    expect(bigImage.statusCode).toBe(413);
    expect(bigImage.json().message).toBe(V.arquivoGrande('10 MB'));
    const pdf = await w.api.ana.upload('/upload-arquivo', 'file', 'grande.pdf', bytes.pdf(12 * MB), 'application/pdf');
    expect(pdf.statusCode).toBe(200);
    const hugePdf = await w.api.ana.upload('/upload-arquivo', 'file', 'enorme.pdf', bytes.pdf(25 * MB + 1), 'application/pdf');
    expect(hugePdf.statusCode).toBe(413);
    expect(hugePdf.json().message).toBe(V.arquivoGrande('25 MB'));
  });

  it('wants multipart in the field "file" and a session', async () => {
    const wrongField = await w.api.ana.upload('/upload-arquivo', 'foto', 'foto.png', bytes.png(), 'image/png');
    expect(wrongField.statusCode).toBe(400);
    const json = await w.api.ana.post('/upload-arquivo', { url: 'x' });
    expect(json.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'POST', url: '/backend/api/chat-interno/upload-arquivo' });
    expect(anon.statusCode).toBe(401);
  });
});
