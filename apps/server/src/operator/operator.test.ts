import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../db/schema/accounts';
import { emailOutbox } from '../db/schema/outbox';
import { users } from '../db/schema/users';
import { login } from '../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../test/harness';

const TOKEN = 'operador-de-teste-0123456789';
const conta = { nome: 'Loja do Operador', email: 'Dono@Operador.Test', masterNome: 'Olga Dona' };
const post = (t: TestApp, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/backend/operador/contas', payload, headers });

describe.each(DB_KINDS)('operator API on %s', (kind) => {
  describe('without OPERATOR_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());

    it('answers 404 to every operator route, with or without a token, and creates nothing', async () => {
      for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${TOKEN}` }, { authorization: 'Bearer undefined' }]) {
        const r = await post(t, conta, headers);
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ message: 'Rota não encontrada.', code: 'NOT_FOUND' });
      }
      expect(await t.ctx.db.select().from(accounts)).toHaveLength(0);
    });
  });

  describe('with OPERATOR_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { operatorToken: TOKEN });
    });
    afterAll(() => t.close());

    it('answers 401 to a missing or wrong token and creates nothing', async () => {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer errado' },
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: TOKEN },
      ]) {
        const r = await post(t, conta, headers);
        expect(r.statusCode).toBe(401);
        expect(r.json()).toMatchObject({ message: 'Token do operador inválido.', code: 'OPERATOR_UNAUTHORIZED' });
      }
      expect(await t.ctx.db.select().from(accounts)).toHaveLength(0);
    });

    it('creates the account and e-mails the master a password and a login link on the configured origin', async () => {
      const r = await post(t, conta, { authorization: `Bearer ${TOKEN}`, host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      expect(r.statusCode).toBe(201);
      const body = r.json();
      expect(body).toMatchObject({
        nome: conta.nome,
        databaseName: 'loja-do-operador',
        master: { nome: 'Olga Dona', email: 'dono@operador.test' },
      });

      const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.databaseName, 'loja-do-operador'));
      expect(row).toMatchObject({ id: body.id, masterUserId: body.master.id });
      const [master] = await t.ctx.db.select().from(users).where(eq(users.id, body.master.id));
      expect(master).toMatchObject({ role: 'master', accountId: body.id });

      const mails = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'dono@operador.test'));
      expect(mails).toHaveLength(1);
      const text = mails[0]!.text;
      expect(text).not.toContain('evil.example');
      expect(text).toContain('http://balcao.test/login');
      const link = /http:\/\/balcao\.test\/atendimentos\?token=([\w-]+\.[\w-]+\.[\w-]+)/.exec(text);
      expect(link).not.toBeNull();
      const me = await t.app.inject({
        method: 'GET',
        url: '/backend/Usuario/GetCurrentUser',
        headers: { authorization: `Bearer ${link![1]}` },
      });
      expect(me.statusCode).toBe(200);
      const senha = /Senha: (\S+)/.exec(text)![1]!;
      expect((await login(t.app, 'dono@operador.test', senha)).user).toMatchObject({ id: body.master.id, role: 'master' });
    });

    it('takes a databaseName, refuses a taken one (409) and checks the body in Portuguese (400)', async () => {
      const auth = { authorization: `Bearer ${TOKEN}` };
      const ok = await post(t, { nome: 'Outra Loja', email: 'outra@operador.test', databaseName: 'outra-loja' }, auth);
      expect(ok.statusCode).toBe(201);
      expect(ok.json().databaseName).toBe('outra-loja');
      const taken = await post(t, { nome: 'Mais Uma', email: 'mais@operador.test', databaseName: 'outra-loja' }, auth);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('Já existe uma conta com o nome de banco "outra-loja".');
      const bad = await post(t, { nome: 'X', email: 'nao-e-email', databaseName: 'Com Espaço' }, auth);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['databaseName', 'email', 'nome']);
      expect(bad.json().errors.databaseName).toEqual(['Use de 2 a 40 letras minúsculas, números e hífen.']);
    });
  });
});
