import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_TEXTS } from '@balcao/shared/usuarios';
import { TokenService } from '../../lib/tokens';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount, TEST_PASSWORD } from '../../test/factories';
import { multipart, PNG_1X1 } from '../../test/multipart';

const OWN_PROFILE_ONLY = 'Você só pode alterar o seu próprio perfil.';

describe.each(DB_KINDS)('usuarios (profile and session calls) on %s', (kind) => {
  let t: TestApp;
  let acc: Awaited<ReturnType<typeof makeAccount>>;
  let other: Awaited<ReturnType<typeof makeAccount>>;
  let master: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    acc = await makeAccount(t.ctx.db);
    other = await makeAccount(t.ctx.db, 'Outra Loja');
    master = await login(t.app, acc.master.email);
  });
  afterAll(() => t.close());

  const upload = async (auth: Record<string, string>, parts: Parameters<typeof multipart>[0]) => {
    const body = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/backend/Usuario/UploadFotoPerfil',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };

  describe('GetCurrentUser', () => {
    it('answers the logged-in user with account fields', async () => {
      const dep = await acc.addDepartamento('Suporte');
      const u = await acc.addUser('atendente', { nome: 'Ana Souza', departamentoId: dep.id });
      const s = await login(t.app, u.email);
      const res = await t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: s.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: u.id,
        nome: 'Ana Souza',
        email: u.email,
        role: 'atendente',
        departamento: 'Suporte',
        departamentoId: dep.id,
        online: expect.any(Boolean),
        fotoUrl: null,
        notaMedia: null,
        masterId: acc.master.id,
        databaseName: acc.account.databaseName,
        timeZone: 'America/Sao_Paulo',
      });
    });

    it('routes case-insensitively, as the spec mixes /Usuario and usuario/', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/backend/usuario/getcurrentuser', headers: master.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: acc.master.id, masterId: acc.master.id, role: 'master' });
    });

    it('refuses a missing token and a forged one with 401', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Faça login para continuar.' });
      const forged = await new TokenService('outro-segredo-outro-segredo-outro-segredo').sign(
        {
          id: acc.master.id,
          accountId: acc.account.id,
          role: 'master',
        },
        'sessao-de-teste',
      );
      const f = await t.app.inject({
        method: 'GET',
        url: '/backend/Usuario/GetCurrentUser',
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(f.statusCode).toBe(401);
      expect(f.json()).toMatchObject({ code: 'INVALID_TOKEN', message: 'Token inválido. Faça login novamente.' });
      const garbage = await t.app.inject({
        method: 'GET',
        url: '/backend/Usuario/GetCurrentUser',
        headers: { authorization: 'Bearer nao-e-um-jwt' },
      });
      expect(garbage.statusCode).toBe(401);
      expect(garbage.json().message).toBe('Token inválido. Faça login novamente.');
    });
  });

  describe('heartbeat', () => {
    it('answers { online } for the caller', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/backend/Usuario/${acc.master.id}/heartbeat`, headers: master.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ online: expect.any(Boolean) });
    });

    it("refuses another user's id, in the same account or another one, with 403", async () => {
      const colleague = await acc.addUser('atendente');
      const same = await t.app.inject({ method: 'POST', url: `/backend/Usuario/${colleague.id}/heartbeat`, headers: master.auth });
      expect(same.statusCode).toBe(403);
      expect(same.json()).toMatchObject({ code: 'FORBIDDEN', message: OWN_PROFILE_ONLY });
      const foreign = await t.app.inject({ method: 'POST', url: `/backend/Usuario/${other.master.id}/heartbeat`, headers: master.auth });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 'FORBIDDEN', message: OWN_PROFILE_ONLY });
    });

    it('refuses a call without a token with 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/backend/Usuario/${acc.master.id}/heartbeat` });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Faça login para continuar.');
    });
  });

  describe('UpdateUser (Online/Offline toggle)', () => {
    it('toggles the status and answers the new value, which GetCurrentUser then shows', async () => {
      const u = await acc.addUser('atendente');
      const s = await login(t.app, u.email);
      const before = (await t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: s.auth })).json()
        .online as boolean;
      const first = await t.app.inject({ method: 'POST', url: `/backend/usuario/UpdateUser/${u.id}`, headers: s.auth });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ online: !before });
      const second = await t.app.inject({ method: 'POST', url: `/backend/usuario/UpdateUser/${u.id}`, headers: s.auth });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual({ online: before });
      const now = await t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: s.auth });
      expect(now.json().online).toBe(before);
    });

    it("refuses another account's user with 403 and leaves it unchanged", async () => {
      const res = await t.app.inject({ method: 'POST', url: `/backend/usuario/UpdateUser/${other.master.id}`, headers: master.auth });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(OWN_PROFILE_ONLY);
    });
  });

  describe('UploadFotoPerfil', () => {
    it('stores a real PNG, answers its URL, serves the same bytes and updates the current user', async () => {
      const res = await upload(master.auth, [{ field: 'foto', bytes: PNG_1X1, filename: 'eu.png', type: 'image/png' }]);
      expect(res.statusCode).toBe(200);
      const { fotoUrl, url } = res.json() as { fotoUrl: string; url: string };
      expect(url).toBe(fotoUrl);
      expect(url).toMatch(/^\/backend\/uploads\/fotos\/[0-9a-f]{32}\.png$/);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(served.rawPayload, PNG_1X1)).toBe(0);
      // The dialog appends ?t=... to defeat caching; the file must still be served.
      expect((await t.app.inject({ method: 'GET', url: `${url}?t=${Date.now()}` })).statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: master.auth });
      expect(me.json().fotoUrl).toBe(url);
    });

    it('refuses a 10 MB file with 413 and the 3 MB message', async () => {
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024)]);
      const res = await upload(master.auth, [{ field: 'foto', bytes: big, filename: 'grande.png', type: 'image/png' }]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: PROFILE_TEXTS.fotoTamanho });
      expect(res.json().message).toBe('O arquivo deve ter no máximo 3MB');
    });

    it('refuses a text file renamed .png and declared image/png with 415', async () => {
      const res = await upload(master.auth, [
        { field: 'foto', bytes: Buffer.from('isto não é uma imagem\n'.repeat(20)), filename: 'falsa.png', type: 'image/png' },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA', message: 'Apenas arquivos JPG, PNG e WebP são permitidos' });
    });

    it('refuses a body without a file, a file in another field, and a non-multipart call with 400', async () => {
      const noFile = await upload(master.auth, [{ field: 'nome', text: 'sem foto' }]);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toMatchObject({ code: 'VALIDATION', message: 'Nenhum arquivo enviado.' });
      const wrongField = await upload(master.auth, [{ field: 'arquivo', bytes: PNG_1X1, filename: 'eu.png', type: 'image/png' }]);
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toMatchObject({ code: 'VALIDATION', message: 'Envie a foto no campo "foto".' });
      const json = await t.app.inject({
        method: 'POST',
        url: '/backend/Usuario/UploadFotoPerfil',
        headers: master.auth,
        payload: { foto: 'x' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe('Envie a foto no campo "foto" (multipart/form-data).');
    });

    it('refuses an upload without a token with 401', async () => {
      const res = await upload({}, [{ field: 'foto', bytes: PNG_1X1, filename: 'eu.png', type: 'image/png' }]);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Faça login para continuar.');
    });
  });

  describe('ChangeName', () => {
    it('renames the caller (trimmed) and GetCurrentUser shows the new name', async () => {
      const u = await acc.addUser('atendente');
      const s = await login(t.app, u.email);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangeName/${u.id}`,
        headers: s.auth,
        payload: { NovoNome: '  Beatriz Lima  ' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Nome atualizado.' });
      const me = await t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: s.auth });
      expect(me.json().nome).toBe('Beatriz Lima');
    });

    it('refuses an empty or blank name, a missing field and malformed JSON with 400 in Portuguese', async () => {
      for (const NovoNome of ['', '   ']) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/backend/Usuario/ChangeName/${acc.master.id}`,
          headers: master.auth,
          payload: { NovoNome },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION',
          message: 'O nome não pode estar vazio.',
          errors: { NovoNome: ['O nome não pode estar vazio.'] },
        });
      }
      const missing = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangeName/${acc.master.id}`,
        headers: master.auth,
        payload: {},
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'O nome não pode estar vazio.',
        errors: { NovoNome: ['O nome não pode estar vazio.'] },
      });
      const bad = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangeName/${acc.master.id}`,
        headers: { ...master.auth, 'content-type': 'application/json' },
        payload: '{"NovoNome": ',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('O corpo da requisição não é um JSON válido.');
      const tooLong = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangeName/${acc.master.id}`,
        headers: master.auth,
        payload: { NovoNome: 'x'.repeat(101) },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe('O nome deve ter no máximo 100 caracteres.');
    });

    it("refuses another user's id with 403 and no token with 401", async () => {
      const colleague = await acc.addUser('user');
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangeName/${colleague.id}`,
        headers: master.auth,
        payload: { NovoNome: 'Invasor' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(OWN_PROFILE_ONLY);
      const anon = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangeName/${colleague.id}`,
        payload: { NovoNome: 'Invasor' },
      });
      expect(anon.statusCode).toBe(401);
      expect(anon.json().message).toBe('Faça login para continuar.');
    });
  });

  describe('ChangePassword', () => {
    it('refuses a wrong current password with 400', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangePassword/${acc.master.id}`,
        headers: master.auth,
        payload: { SenhaAtual: 'nao-e-esta', NovaSenha: 'nova-senha-123' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'A senha atual está incorreta.',
        errors: { SenhaAtual: ['A senha atual está incorreta.'] },
      });
    });

    it('refuses a too-short new password and missing fields with 400', async () => {
      const short = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangePassword/${acc.master.id}`,
        headers: master.auth,
        payload: { SenhaAtual: TEST_PASSWORD, NovaSenha: 'curta' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: 'A senha deve ter pelo menos 8 caracteres.',
        errors: { NovaSenha: ['A senha deve ter pelo menos 8 caracteres.'] },
      });
      const missing = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangePassword/${acc.master.id}`,
        headers: master.auth,
        payload: { NovaSenha: 'nova-senha-123' },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        message: 'Por favor, preencha todos os campos.',
        errors: { SenhaAtual: ['Por favor, preencha todos os campos.'] },
      });
    });

    it('changes the password: the new one logs in, the old one no longer does', async () => {
      const u = await acc.addUser('atendente');
      const s = await login(t.app, u.email);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangePassword/${u.id}`,
        headers: s.auth,
        payload: { SenhaAtual: TEST_PASSWORD, NovaSenha: 'nova-senha-123' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Senha atualizada.' });
      const fresh = await login(t.app, u.email, 'nova-senha-123');
      expect(fresh.user.id).toBe(u.id);
      const old = await t.app.inject({ method: 'POST', url: '/backend/api/auth/login', payload: { email: u.email, senha: TEST_PASSWORD } });
      expect(old.statusCode).toBe(401);
      expect(old.json().message).toBe('E-mail ou senha incorretos.');
    });

    it("refuses another user's id with 403", async () => {
      const colleague = await acc.addUser('user');
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/backend/Usuario/ChangePassword/${colleague.id}`,
        headers: master.auth,
        payload: { SenhaAtual: TEST_PASSWORD, NovaSenha: 'nova-senha-123' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(OWN_PROFILE_ONLY);
    });
  });
});
