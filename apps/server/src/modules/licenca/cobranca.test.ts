import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LICENCA_COBRANCA_TEXTS as T, precoLicenca } from '@balcao/shared/licenca-cobranca';
import { licencaCobrancas, licencaPagamentos } from '../../db/schema/licenca-cobrancas';
import { licencas } from '../../db/schema/licencas';
import type { LicencaPagamentos } from '../../payments/config';
import { createPaymentProvider } from '../../payments/create';
import { parseBrCode } from '../../payments/pix/brcode';
import { endToEndId, type FakePsp, PIX_API_VECTORS, startFakePsp } from '../../test/fake-psp';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { addMonths } from './pagamentos';

const OPERATOR = 'operador-licenca-0123456789';
const STATIC: LicencaPagamentos = {
  provider: createPaymentProvider({
    provider: 'static',
    chave: 'contato@balcao-operador.com.br',
    nome: 'Balcão Operador',
    cidade: 'São Paulo',
    webhook: {},
  }),
  webhook: {},
  precos: { valorBase: 149, valorPorUsuario: 0, valorIa: 50 },
};
const MASTER_CALLS = [
  ['GET', '/backend/Licenca/isLicencaVendaERP'],
  ['GET', '/backend/Licenca/getdatavencimento'],
  ['GET', '/backend/licenca/get'],
  ['GET', '/backend/licenca/getlicencainfo'],
  ['POST', '/backend/licenca/confirmalicenca'],
  ['POST', '/backend/licenca/gerarcobranca'],
  ['GET', '/backend/licenca/getcobranca'],
  ['GET', '/backend/licenca/verificarpagamento'],
  ['DELETE', '/backend/licenca/cancelacobranca'],
] as const;

type Caller = { authorization: string };
const call = (t: TestApp, auth: Caller | Record<string, never>, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: auth, ...(payload && { payload }) });

async function conta(t: TestApp) {
  const c = await makeAccount(t.ctx.db);
  const master = (await login(t.app, c.master.email)).auth;
  return { ...c, master };
}
const licencaDe = async (t: TestApp, accountId: string) =>
  (await t.ctx.db.select().from(licencas).where(eq(licencas.accountId, accountId)))[0]!;
const setVencimento = (t: TestApp, accountId: string, d: Date) =>
  t.ctx.db.update(licencas).set({ dataVencimento: d }).where(eq(licencas.accountId, accountId));
const cobrancaDe = async (t: TestApp, txid: string) =>
  (await t.ctx.db.select().from(licencaCobrancas).where(eq(licencaCobrancas.txid, txid)))[0]!;

describe('licence price (spec part 1 §5)', () => {
  const info = {
    valorBase: 149,
    valorPorUsuario: 12.5,
    numeroUsuariosIsentos: 1,
    ferramentasDisponiveis: [{ id: 'InteligenciaArtificial', nome: 'IA', valor: 49.9 }],
  };
  it('valorBase + max(0, users − exempt) × valorPorUsuario + the AI price when chosen', () => {
    expect(precoLicenca(info, 5, [])).toBe(199);
    expect(precoLicenca(info, 5, ['InteligenciaArtificial'])).toBe(248.9);
    expect(precoLicenca(info, 1, [])).toBe(149);
    expect(precoLicenca({ ...info, numeroUsuariosIsentos: 3 }, 2, [])).toBe(149);
    expect(precoLicenca({ ...info, valorPorUsuario: 0 }, 5, [])).toBe(149);
  });
});

describe('addMonths', () => {
  it('keeps the day, clamped to the month end', () => {
    expect(addMonths(new Date('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T12:00:00Z'), 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T08:30:00Z'), 1).toISOString()).toBe('2027-01-15T08:30:00.000Z');
  });
});

describe.each(DB_KINDS)('licence calls on %s', (kind) => {
  describe('without a PIX provider', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());

    it('every call is the master’s: 403 for admin, atendente, user; 401 without a session', async () => {
      const c = await conta(t);
      for (const role of ['admin', 'atendente', 'user'] as const) {
        const u = await c.addUser(role);
        const auth = (await login(t.app, u.email)).auth;
        for (const [method, url] of MASTER_CALLS) {
          const r = await call(t, auth, method, url, method === 'POST' ? { NumeroUsuarios: 5, FerramentasIdsSelecionadas: [] } : undefined);
          expect(r.statusCode, `${role} ${method} ${url}`).toBe(403);
          expect(r.json()).toMatchObject({ message: T.soMaster, code: 'FORBIDDEN' });
        }
      }
      const body = { NumeroUsuarios: 5, FerramentasIdsSelecionadas: [] };
      for (const [method, url] of MASTER_CALLS) {
        expect((await call(t, {}, method, url, method === 'POST' ? body : undefined)).statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers the master: ERP flag, due date, licence, licence info (defaults 149, 0, 1), no charge yet', async () => {
      const { master } = await conta(t);
      expect((await call(t, master, 'GET', '/backend/Licenca/isLicencaVendaERP')).json()).toEqual({ result: false });
      const venc = (await call(t, master, 'GET', '/backend/Licenca/getdatavencimento')).json();
      expect(venc.isDataVencimentoFutura).toBe(true);
      expect(Date.parse(venc.dataVencimento)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      expect((await call(t, master, 'GET', '/backend/licenca/get')).json()).toEqual({ numeroUsuarios: 5, ferramentas: [] });
      expect((await call(t, master, 'GET', '/backend/licenca/getlicencainfo')).json()).toEqual({
        valorBase: 149,
        valorPorUsuario: 0,
        numeroUsuariosIsentos: 1,
        ferramentasDisponiveis: [{ id: 'InteligenciaArtificial', nome: 'Inteligência Artificial', valor: 50 }],
      });
      const none = await call(t, master, 'GET', '/backend/licenca/getcobranca');
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: 'Nenhuma cobrança encontrada.', code: 'NOT_FOUND' });
      expect((await call(t, master, 'GET', '/backend/licenca/verificarpagamento')).statusCode).toBe(404);
      const cancel = await call(t, master, 'DELETE', '/backend/licenca/cancelacobranca');
      expect(cancel.statusCode).toBe(404);
      expect(cancel.json().message).toBe('Não há cobrança pendente para cancelar.');
    });

    it('gerarcobranca answers a clear 503', async () => {
      const { master } = await conta(t);
      const r = await call(t, master, 'POST', '/backend/licenca/gerarcobranca', {});
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({
        message: 'Pagamento por PIX não está configurado neste servidor. Avise o suporte.',
        code: 'PIX_NAO_CONFIGURADO',
      });
      expect(await t.ctx.db.select().from(licencaCobrancas)).toHaveLength(0);
    });

    it('confirmalicenca checks its input in Portuguese', async () => {
      const c = await conta(t);
      const zero = await call(t, c.master, 'POST', '/backend/licenca/confirmalicenca', {
        NumeroUsuarios: 0,
        FerramentasIdsSelecionadas: [],
      });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().message).toBe('A licença precisa de pelo menos 1 usuário.');
      const tool = await call(t, c.master, 'POST', '/backend/licenca/confirmalicenca', {
        NumeroUsuarios: 5,
        FerramentasIdsSelecionadas: ['Foguete'],
      });
      expect(tool.statusCode).toBe(400);
      expect(tool.json().message).toBe('Ferramenta desconhecida: Foguete.');
      await c.addUser('atendente');
      await c.addUser('admin');
      const few = await call(t, c.master, 'POST', '/backend/licenca/confirmalicenca', {
        NumeroUsuarios: 1,
        FerramentasIdsSelecionadas: [],
      });
      expect(few.statusCode).toBe(409);
      expect(few.json().message).toBe('Há 2 usuários atendentes ativos: contrate pelo menos 2 usuários.');
    });

    it('a changed order withdraws a pending charge it can no longer replace (the provider was removed)', async () => {
      const c = await conta(t);
      await t.ctx.db.insert(licencaCobrancas).values({
        accountId: c.account.id,
        txid: 'SEMPROVEDOR0000000000000001',
        provedor: 'static',
        valorCentavos: 23_890,
        numeroUsuarios: 5,
        ferramentas: ['InteligenciaArtificial'],
        pixCopiaECola: '000201',
      });
      const mesmo = { NumeroUsuarios: 5, FerramentasIdsSelecionadas: ['InteligenciaArtificial'] };
      expect((await call(t, c.master, 'POST', '/backend/licenca/confirmalicenca', mesmo)).statusCode).toBe(200);
      expect((await call(t, c.master, 'GET', '/backend/licenca/getcobranca')).json()).toMatchObject({ valor: 238.9 });
      const outro = { NumeroUsuarios: 5, FerramentasIdsSelecionadas: [] };
      expect((await call(t, c.master, 'POST', '/backend/licenca/confirmalicenca', outro)).statusCode).toBe(200);
      expect((await call(t, c.master, 'GET', '/backend/licenca/getcobranca')).statusCode).toBe(404);
      expect((await cobrancaDe(t, 'SEMPROVEDOR0000000000000001')).status).toBe('cancelada');
    });
  });

  describe('static PIX', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {
        operatorToken: OPERATOR,
        licencaPagamentos: { ...STATIC, precos: { valorBase: 149, valorPorUsuario: 10, valorIa: 50 } },
      });
    });
    afterAll(() => t.close());
    const operador = (payload: object, token = OPERATOR) =>
      t.app.inject({
        method: 'POST',
        url: '/backend/operador/licenca/confirmar-pagamento',
        payload,
        headers: { authorization: `Bearer ${token}` },
      });

    it('charges the confirmed licence at the price formula with a BR Code a bank accepts, and its QR as a PNG', async () => {
      const c = await conta(t);
      const confirm = await call(t, c.master, 'POST', '/backend/licenca/confirmalicenca', {
        NumeroUsuarios: 5,
        FerramentasIdsSelecionadas: ['InteligenciaArtificial'],
      });
      expect(confirm.statusCode).toBe(200);
      expect((await call(t, c.master, 'GET', '/backend/licenca/get')).json()).toEqual({
        numeroUsuarios: 5,
        ferramentas: ['InteligenciaArtificial'],
      });
      const created = await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      expect(created.statusCode).toBe(201);
      const cob = created.json();
      expect(cob).toMatchObject({ pago: false, valor: 239 }); // 149 + (5 − 1) × 10 + 50
      expect(Date.parse(cob.dataCriacao)).not.toBeNaN();
      const code = parseBrCode(cob.pixCopia, { strict: true });
      expect(code).toMatchObject({
        key: 'contato@balcao-operador.com.br',
        amount: '239.00',
        merchantName: 'Balcao Operador',
        merchantCity: 'Sao Paulo',
      });
      expect(code.txid).toMatch(/^[A-Za-z0-9]{25}$/);
      expect(cob.qrCode).toMatch(/^data:image\/png;base64,/);
      expect(Buffer.from(cob.qrCode.split(',')[1], 'base64').subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
      expect((await call(t, c.master, 'GET', '/backend/licenca/getcobranca')).json()).toEqual(cob);

      // Asked again for the same order: the same charge.
      const again = await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      expect(again.statusCode).toBe(200);
      expect(again.json().pixCopia).toBe(cob.pixCopia);
      expect(cob).toMatchObject({ numeroUsuarios: 5, ferramentas: ['InteligenciaArtificial'] });
      // Another order replaces the pending charge at once: the charge never asks for an older order.
      await call(t, c.master, 'POST', '/backend/licenca/confirmalicenca', { NumeroUsuarios: 6, FerramentasIdsSelecionadas: [] });
      expect((await cobrancaDe(t, code.txid!)).status).toBe('cancelada');
      const pendente = (await call(t, c.master, 'GET', '/backend/licenca/getcobranca')).json();
      expect(pendente).toMatchObject({ pago: false, valor: 199, numeroUsuarios: 6, ferramentas: [] });
      expect(parseBrCode(pendente.pixCopia).amount).toBe('199.00');
      const other = await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(pendente);
      // The same order again keeps the charge.
      await call(t, c.master, 'POST', '/backend/licenca/confirmalicenca', { NumeroUsuarios: 6, FerramentasIdsSelecionadas: [] });
      expect((await call(t, c.master, 'GET', '/backend/licenca/getcobranca')).json().pixCopia).toBe(pendente.pixCopia);
      expect((await call(t, c.master, 'GET', '/backend/licenca/verificarpagamento')).json()).toEqual({ pago: false });
    });

    it('the operator confirms a static PIX: once, one month on from the due date, the licence takes what was charged', async () => {
      const c = await conta(t);
      const antes = (await licencaDe(t, c.account.id)).dataVencimento;
      await call(t, c.master, 'POST', '/backend/licenca/confirmalicenca', {
        NumeroUsuarios: 7,
        FerramentasIdsSelecionadas: ['InteligenciaArtificial'],
      });
      const txid = parseBrCode((await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {})).json().pixCopia).txid!;

      expect((await operador({ databaseName: c.account.databaseName, txid, valor: 259 }, 'errado-errado-errado')).statusCode).toBe(401);
      expect((await operador({ databaseName: 'nao-existe', txid, valor: 259 })).json()).toEqual({
        message: 'Conta não encontrada.',
        code: 'NOT_FOUND',
      });
      expect((await operador({ databaseName: c.account.databaseName, txid: 'XYZ', valor: 259 })).json().message).toBe(
        'Cobrança não encontrada nesta conta.',
      );
      const other = await conta(t);
      expect((await operador({ databaseName: other.account.databaseName, txid, valor: 259 })).statusCode).toBe(404);
      expect((await call(t, other.master, 'GET', '/backend/licenca/getcobranca')).statusCode).toBe(404);
      expect((await licencaDe(t, c.account.id)).dataVencimento).toEqual(antes);

      // The amount received is stated and must be the charge's: a payer-written code may carry any amount.
      const semValor = await operador({ databaseName: c.account.databaseName, txid });
      expect(semValor.statusCode).toBe(400);
      expect(semValor.json().message).toBe('Informe o valor recebido, em reais.');
      const centavo = await operador({ databaseName: c.account.databaseName, txid, valor: 0.01 });
      expect(centavo.statusCode).toBe(409);
      expect(centavo.json().message).toBe(
        'O valor recebido (R$\u00a00,01) não é o da cobrança (R$\u00a0259,00, 7 usuários + InteligenciaArtificial): pagamento não confirmado.',
      );
      expect((await call(t, c.master, 'GET', '/backend/licenca/verificarpagamento')).json()).toEqual({ pago: false });
      expect((await licencaDe(t, c.account.id)).dataVencimento).toEqual(antes);

      const pedido = { numeroUsuarios: 7, ferramentas: ['InteligenciaArtificial'], valor: 259 };
      const ok = await operador({ databaseName: c.account.databaseName, txid, valor: 259, endToEndId: 'E1234567820261205' });
      expect(ok.statusCode).toBe(200);
      const esperado = addMonths(antes, 1);
      expect(ok.json()).toEqual({ pago: true, aplicado: true, dataVencimento: esperado.toISOString(), pedido });
      const twice = await operador({ databaseName: c.account.databaseName, txid, valor: 259, endToEndId: 'E1234567820261205' });
      expect(twice.json()).toEqual({ pago: true, aplicado: false, dataVencimento: esperado.toISOString(), pedido });

      const licenca = await licencaDe(t, c.account.id);
      expect(licenca).toMatchObject({
        dataVencimento: esperado,
        numeroUsuarios: 7,
        ferramentas: ['InteligenciaArtificial'],
        pedidoNumeroUsuarios: null,
      });
      expect((await call(t, c.master, 'GET', '/backend/licenca/verificarpagamento')).json()).toEqual({ pago: true });
      expect((await call(t, c.master, 'GET', '/backend/licenca/getcobranca')).json()).toMatchObject({
        pago: true,
        valor: 149 + 6 * 10 + 50,
      });
      const status = (await call(t, c.master, 'GET', '/backend/Licenca/status')).json();
      expect(status).toMatchObject({ totalSlots: 7, canUseIA: true, hasActiveLicense: true });
      const cancel = await call(t, c.master, 'DELETE', '/backend/licenca/cancelacobranca');
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().message).toBe('Esta cobrança já foi paga e não pode ser cancelada.');
    });

    it('an expired licence paid today runs one month from today', async () => {
      const c = await conta(t);
      await setVencimento(t, c.account.id, new Date('2020-01-10T00:00:00Z'));
      expect((await call(t, c.master, 'GET', '/backend/Licenca/getdatavencimento')).json()).toEqual({
        dataVencimento: '2020-01-10T00:00:00.000Z',
        isDataVencimentoFutura: false,
      });
      const cobranca = (await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {})).json();
      const txid = parseBrCode(cobranca.pixCopia).txid!;
      await operador({ databaseName: c.account.databaseName, txid, valor: cobranca.valor });
      const cob = await cobrancaDe(t, txid);
      expect(cob.vencimentoAplicado).toEqual(addMonths(cob.pagoEm!, 1));
      expect((await licencaDe(t, c.account.id)).dataVencimento).toEqual(cob.vencimentoAplicado);
      expect((await call(t, c.master, 'GET', '/backend/Licenca/getdatavencimento')).json().isDataVencimentoFutura).toBe(true);
    });

    it('cancels a pending charge: getcobranca 404 after; a second cancel has nothing to cancel', async () => {
      const c = await conta(t);
      expect((await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {})).statusCode).toBe(201);
      expect((await call(t, c.master, 'DELETE', '/backend/licenca/cancelacobranca')).statusCode).toBe(204);
      expect((await call(t, c.master, 'GET', '/backend/licenca/getcobranca')).statusCode).toBe(404);
      expect((await call(t, c.master, 'DELETE', '/backend/licenca/cancelacobranca')).statusCode).toBe(404);
      expect((await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {})).statusCode).toBe(201);
    });

    it('an account the operator flags as an ERP sale says so and is not charged here', async () => {
      const c = await conta(t);
      const flag = await t.app.inject({
        method: 'POST',
        url: '/backend/operador/licenca/venda-erp',
        payload: { databaseName: c.account.databaseName, vendaErp: true },
        headers: { authorization: `Bearer ${OPERATOR}` },
      });
      expect(flag.json()).toEqual({ result: true });
      expect((await call(t, c.master, 'GET', '/backend/Licenca/isLicencaVendaERP')).json()).toEqual({ result: true });
      const r = await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(T.vendaErp);
    });
  });

  describe('API Pix against the local PSP', () => {
    let t: TestApp;
    let psp: FakePsp;
    const SECRET = 'segredo-do-webhook-0123456789';
    const pagamentos = (webhook: LicencaPagamentos['webhook']): LicencaPagamentos => ({
      provider: createPaymentProvider(psp.config()),
      webhook,
      precos: { valorBase: 149, valorPorUsuario: 0, valorIa: 50 },
    });
    beforeAll(async () => {
      psp = await startFakePsp();
      t = await createTestApp(kind, { licencaPagamentos: pagamentos({ secret: SECRET }) });
    });
    afterAll(async () => {
      t.ctx.licencaPagamentos?.provider?.close();
      await t.close();
      await psp.close();
    });
    const webhook = (
      body: object,
      headers: Record<string, string> = { 'x-webhook-secret': SECRET },
      url = '/backend/licenca/webhook/pix',
    ) => t.app.inject({ method: 'POST', url, payload: body, headers });
    const txidOf = async (c: { account: { id: string } }) =>
      (await t.ctx.db.select().from(licencaCobrancas).where(eq(licencaCobrancas.accountId, c.account.id)))[0]!.txid;

    it('creates the cob at the PSP and shows its code; verificarpagamento asks the PSP and applies the payment once', async () => {
      const c = await conta(t);
      const antes = (await licencaDe(t, c.account.id)).dataVencimento;
      const cob = (await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {})).json();
      const txid = await txidOf(c);
      expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
      expect(psp.cobs.get(txid)!.body).toMatchObject({ valor: { original: '149.00' }, chave: psp.config().chave });
      expect(cob).toMatchObject({ pago: false, valor: 149, pixCopia: psp.cobs.get(txid)!.body.pixCopiaECola });
      expect((await call(t, c.master, 'GET', '/backend/licenca/verificarpagamento')).json()).toEqual({ pago: false });

      psp.conclude(txid);
      expect((await call(t, c.master, 'GET', '/backend/licenca/verificarpagamento')).json()).toEqual({ pago: true });
      expect((await call(t, c.master, 'GET', '/backend/licenca/verificarpagamento')).json()).toEqual({ pago: true });
      expect((await licencaDe(t, c.account.id)).dataVencimento).toEqual(addMonths(antes, 1));
    });

    it('the PSP’s webhook applies a payment once, however often it is sent', async () => {
      const c = await conta(t);
      const antes = (await licencaDe(t, c.account.id)).dataVencimento;
      await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      const txid = await txidOf(c);
      const pix = psp.conclude(txid, endToEndId());
      const body = { pix: [{ ...PIX_API_VECTORS.webhookBody().pix[1], ...pix }] };
      for (let i = 0; i < 2; i++) {
        const r = await webhook(body);
        expect(r.statusCode).toBe(200);
      }
      expect((await licencaDe(t, c.account.id)).dataVencimento).toEqual(addMonths(antes, 1));
      expect(
        await t.ctx.db
          .select()
          .from(licencaPagamentos)
          .where(eq(licencaPagamentos.endToEndId, String(pix.endToEndId))),
      ).toHaveLength(1);
      // The verify after the webhook sees it paid and adds nothing.
      expect((await call(t, c.master, 'GET', '/backend/licenca/verificarpagamento')).json()).toEqual({ pago: true });
      expect((await licencaDe(t, c.account.id)).dataVencimento).toEqual(addMonths(antes, 1));
    });

    it('a forged webhook changes nothing: no secret, unknown txids (the published body), a charge the PSP does not call paid', async () => {
      const c = await conta(t);
      const antes = (await licencaDe(t, c.account.id)).dataVencimento;
      await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      const txid = await txidOf(c);
      const forged = { pix: [{ endToEndId: endToEndId(), txid, valor: '149.00', horario: new Date().toISOString() }] };

      for (const headers of [{}, { 'x-webhook-secret': 'errado' }] as Record<string, string>[]) {
        const r = await webhook(forged, headers);
        expect(r.statusCode).toBe(401);
        expect(r.json()).toEqual({ message: 'Webhook PIX não autorizado.', code: 'PIX_WEBHOOK_NAO_AUTORIZADO' });
      }
      expect((await webhook(PIX_API_VECTORS.webhookBody())).statusCode).toBe(200);
      expect((await webhook(forged)).statusCode).toBe(200); // authenticated, but the PSP says ATIVA
      expect((await webhook({ evento: 'teste_webhook' })).statusCode).toBe(200); // a PSP testing the URL
      expect((await webhook({ pix: 'x' })).statusCode).toBe(400);

      expect((await licencaDe(t, c.account.id)).dataVencimento).toEqual(antes);
      expect((await cobrancaDe(t, txid)).status).toBe('pendente');
      expect(
        await t.ctx.db
          .select()
          .from(licencaPagamentos)
          .where(eq(licencaPagamentos.cobrancaId, (await cobrancaDe(t, txid)).id)),
      ).toHaveLength(0);
    });

    it('the fake PSP’s own sender, over HTTP to the listening server, is applied once', async () => {
      const c = await conta(t);
      await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      const txid = await txidOf(c);
      const antes = (await licencaDe(t, c.account.id)).dataVencimento;
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const pix = psp.conclude(txid);
      const url = `${address}/backend/licenca/webhook?segredo=${SECRET}`;
      expect(await psp.sendWebhook(url, [pix])).toBe(200);
      expect(await psp.sendWebhook(url, [pix])).toBe(200);
      expect(await psp.sendWebhook(`${address}/backend/licenca/webhook`, [pix])).toBe(401);
      expect((await licencaDe(t, c.account.id)).dataVencimento).toEqual(addMonths(antes, 1));
    });

    it('the secret may come in the registered URL (?segredo=), even with /pix appended after it', async () => {
      const c = await conta(t);
      await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      const txid = await txidOf(c);
      const pix = psp.conclude(txid);
      const r = await webhook({ pix: [pix] }, {}, `/backend/licenca/webhook?segredo=${SECRET}/pix`);
      expect(r.statusCode).toBe(200);
      expect((await cobrancaDe(t, txid)).status).toBe('pago');
    });

    it('behind a proxy that checks the PSP’s client certificate: the header it sets is required', async () => {
      const proxied = await createTestApp(kind, { licencaPagamentos: pagamentos({ certHeader: 'x-ssl-client-verify' }) });
      try {
        const c = await makeAccount(proxied.ctx.db);
        const master = (await login(proxied.app, c.master.email)).auth;
        await proxied.app.inject({ method: 'POST', url: '/backend/licenca/gerarcobranca', headers: master });
        const [cob] = await proxied.ctx.db.select().from(licencaCobrancas).where(eq(licencaCobrancas.accountId, c.account.id));
        const pix = psp.conclude(cob!.txid);
        const send = (headers: Record<string, string>) =>
          proxied.app.inject({ method: 'POST', url: '/backend/licenca/webhook/pix', payload: { pix: [pix] }, headers });
        expect((await send({})).statusCode).toBe(401);
        expect((await send({ 'x-ssl-client-verify': 'FAILED:unable to verify' })).statusCode).toBe(401);
        expect((await send({ 'x-ssl-client-verify': 'SUCCESS' })).statusCode).toBe(200);
        const [paid] = await proxied.ctx.db.select().from(licencaCobrancas).where(eq(licencaCobrancas.id, cob!.id));
        expect(paid!.status).toBe('pago');
      } finally {
        proxied.ctx.licencaPagamentos?.provider?.close();
        await proxied.close();
      }
    });

    it('without webhook checks configured the route does not exist', async () => {
      const bare = await createTestApp(kind, { licencaPagamentos: pagamentos({}) });
      try {
        const r = await bare.app.inject({ method: 'POST', url: '/backend/licenca/webhook/pix', payload: PIX_API_VECTORS.webhookBody() });
        expect(r.statusCode).toBe(404);
      } finally {
        bare.ctx.licencaPagamentos?.provider?.close();
        await bare.close();
      }
    });

    it('cancels at the PSP (REMOVIDA_PELO_USUARIO_RECEBEDOR); a charge paid meanwhile is applied and refused as paid', async () => {
      const c = await conta(t);
      await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      const first = await txidOf(c);
      expect((await call(t, c.master, 'DELETE', '/backend/licenca/cancelacobranca')).statusCode).toBe(204);
      expect(psp.cobs.get(first)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect((await call(t, c.master, 'GET', '/backend/licenca/getcobranca')).statusCode).toBe(404);

      const antes = (await licencaDe(t, c.account.id)).dataVencimento;
      await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
      const [second] = (await t.ctx.db.select().from(licencaCobrancas).where(eq(licencaCobrancas.status, 'pendente'))).filter(
        (r) => r.accountId === c.account.id,
      );
      psp.conclude(second!.txid);
      const late = await call(t, c.master, 'DELETE', '/backend/licenca/cancelacobranca');
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(T.jaPaga);
      expect((await licencaDe(t, c.account.id)).dataVencimento).toEqual(addMonths(antes, 1));
    });

    it('a PSP out of service: gerarcobranca answers 503 in Portuguese and stores nothing', async () => {
      const c = await conta(t);
      psp.unavailable = true;
      try {
        const r = await call(t, c.master, 'POST', '/backend/licenca/gerarcobranca', {});
        expect(r.statusCode).toBe(503);
        expect(r.json()).toEqual({
          message: 'O provedor PIX está indisponível no momento. Tente novamente mais tarde.',
          code: 'PIX_INDISPONIVEL',
        });
        expect(await t.ctx.db.select().from(licencaCobrancas).where(eq(licencaCobrancas.accountId, c.account.id))).toHaveLength(0);
      } finally {
        psp.unavailable = false;
      }
    });
  });
});
