// Test data for the internal chat's integration tests: one account with a department and a few staff, logged in.
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';

const BASE = '/backend/api/chat-interno';

type Auth = { authorization: string };

/** HTTP calls of one logged-in user against the chat's base path. */
function client(t: TestApp, auth: Auth) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object | string) =>
    t.app.inject({ method, url: `${BASE}${url}`, headers: auth, ...(payload === undefined ? {} : { payload }) });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object | string) => call('POST', url, payload),
    del: (url: string, payload?: object | string) => call('DELETE', url, payload),
    /** A bare JSON string body (as `mudar-nome` takes it). */
    postJsonString: (url: string, value: string) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}${url}`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify(value),
      }),
    upload: (url: string, field: string, filename: string, content: Buffer, type = 'application/octet-stream') =>
      t.app.inject({ method: 'POST', url: `${BASE}${url}`, ...multipart(auth, field, filename, content, type) }),
    /** Sends a text message over HTTP with a fresh client id. */
    send: (conversaId: string, texto: string, id: string = randomUUID()) =>
      call('POST', '/mensagem', { conversaId, mensagem: { id, texto, tipo: 'text', midiaUrl: null } }),
  };
}
export type ChatClient = ReturnType<typeof client>;

function multipart(auth: Auth, field: string, filename: string, content: Buffer, type: string) {
  const boundary = `----balcao${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** Real file signatures (magic bytes), padded to the size a test needs. */
export const bytes = {
  png: (size = 64) => pad(Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), size),
  jpeg: (size = 64) => pad(Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), size),
  pdf: (size = 64) => pad(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), size),
  text: (text = 'Olá, equipe!\nSegunda linha.') => Buffer.from(text, 'utf8'),
};
const pad = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);

/**
 * Master, an admin (Ana), two attendants of Suporte (Bia, Caio) and a user (Duda), each logged in; and a second
 * account with its own master and department, to prove nothing crosses accounts.
 */
export async function chatWorld(t: TestApp) {
  const acc = await makeAccount(t.ctx.db, 'Loja Chat');
  const suporte = await acc.addDepartamento('Suporte');
  const vendas = await acc.addDepartamento('Vendas');
  const ana = await acc.addUser('admin', { nome: 'Ana' });
  const bia = await acc.addUser('atendente', { nome: 'Bia', departamentoId: suporte.id });
  const caio = await acc.addUser('atendente', { nome: 'Caio', departamentoId: suporte.id });
  const duda = await acc.addUser('user', { nome: 'Duda' });
  const outra = await makeAccount(t.ctx.db, 'Outra Loja');
  const outroDep = await outra.addDepartamento('Externo');
  const estranho = await outra.addUser('admin', { nome: 'Estranho' });
  const as = async (email: string) => client(t, (await login(t.app, email)).auth);
  return {
    acc,
    suporte,
    vendas,
    master: acc.master,
    ana,
    bia,
    caio,
    duda,
    outra: { master: outra.master, departamento: outroDep, estranho },
    api: {
      master: await as(acc.master.email),
      ana: await as(ana.email),
      bia: await as(bia.email),
      caio: await as(caio.email),
      duda: await as(duda.email),
      outraMaster: await as(outra.master.email),
      estranho: await as(estranho.email),
    },
  };
}
export type ChatWorld = Awaited<ReturnType<typeof chatWorld>>;

/** Creates a group as `api` and returns its id (the call must succeed). */
export async function makeGroup(api: ChatClient, nome: string, usuarios: string[], departamentos: string[] = []): Promise<string> {
  const res = await api.post('/conversa', { usuarios, departamentos, nome });
  if (res.statusCode !== 201) throw new Error(`group ${nome}: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}
