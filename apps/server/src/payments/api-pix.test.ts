import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePsp, startFakePsp } from '../test/fake-psp';
import { apiPixProvider } from './api-pix';
import { parseBrCode } from './pix/brcode';
import { PixProviderError } from './provider';
import { staticPixProvider } from './static-pix';

const errorOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    return err as PixProviderError;
  }
  throw new Error('esperava um erro');
};

describe('API Pix provider against the local PSP (mTLS)', () => {
  let psp: FakePsp;
  beforeAll(async () => {
    psp = await startFakePsp();
  });
  afterAll(() => psp?.close());

  it('gets one token by client credentials and reuses it; creates, reads, concludes and cancels charges', async () => {
    const provider = apiPixProvider(psp.config());
    try {
      const txid = provider.newTxid();
      expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
      const created = await provider.createCharge({ txid, valor: 149, descricao: 'Licença Balcão' });
      const cob = psp.cobs.get(txid)!;
      expect(cob.body).toMatchObject({ valor: { original: '149.00' }, chave: psp.config().chave, calendario: { expiracao: 3600 } });
      expect(created.pixCopiaECola).toBe(cob.body.pixCopiaECola);
      expect(parseBrCode(created.pixCopiaECola)).toMatchObject({ url: cob.body.location, pointOfInitiationMethod: '12' });

      expect(await provider.readCharge(txid)).toEqual({ status: 'ATIVA', pix: [] });
      const paid = psp.conclude(txid);
      expect(await provider.readCharge(txid)).toEqual({
        status: 'CONCLUIDA',
        pix: [{ endToEndId: paid.endToEndId, txid, valor: '149.00', horario: paid.horario }],
      });

      const other = provider.newTxid();
      await provider.createCharge({ txid: other, valor: 10.5, descricao: 'x' });
      await provider.cancelCharge(other);
      expect(psp.cobs.get(other)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect(psp.tokensIssued).toBe(1);
      expect(psp.requests.map((r) => `${r.method} ${r.path.replace(/[a-f0-9]{32}/, ':txid')}`)).toEqual([
        'POST /oauth/token',
        'PUT /api/v2/cob/:txid',
        'GET /api/v2/cob/:txid',
        'GET /api/v2/cob/:txid',
        'PUT /api/v2/cob/:txid',
        'PATCH /api/v2/cob/:txid',
      ]);
    } finally {
      provider.close();
    }
  });

  it('builds the code from the charge location when the PSP sends no pixCopiaECola (as in the published examples)', async () => {
    const bare = await startFakePsp({ copiaECola: false });
    const provider = apiPixProvider(bare.config());
    try {
      const txid = provider.newTxid();
      const created = await provider.createCharge({ txid, valor: 149, descricao: 'Licença' });
      expect(bare.cobs.get(txid)!.body.pixCopiaECola).toBeUndefined();
      expect(parseBrCode(created.pixCopiaECola, { strict: true })).toMatchObject({
        url: bare.cobs.get(txid)!.body.location,
        merchantName: 'Balcao Operador',
        merchantCity: 'Sao Paulo',
        txid: '***',
      });
    } finally {
      provider.close();
      await bare.close();
    }
  });

  it('maps the published RFC 7807 errors to Portuguese', async () => {
    const provider = apiPixProvider(psp.config());
    try {
      const notFound = await errorOf(provider.readCharge('a'.repeat(32)));
      expect(notFound).toBeInstanceOf(PixProviderError);
      expect(notFound).toMatchObject({
        status: 502,
        code: 'PIX_COBRANCA_NAO_ENCONTRADA',
        pspStatus: 404,
        message: 'A cobrança não foi encontrada no provedor PIX.',
      });
      expect(notFound.problem?.title).toBe('Não Encontrado');

      const invalid = await errorOf(provider.createCharge({ txid: provider.newTxid(), valor: 1e12, descricao: 'x' }));
      expect(invalid).toMatchObject({
        status: 502,
        code: 'PIX_OPERACAO_INVALIDA',
        message: 'O provedor PIX recusou a operação. O campo cob.valor.original não respeita o _schema_.',
      });

      const txid = provider.newTxid();
      await provider.createCharge({ txid, valor: 5, descricao: 'x' });
      psp.conclude(txid);
      const late = await errorOf(provider.cancelCharge(txid));
      expect(late).toMatchObject({ code: 'PIX_OPERACAO_INVALIDA', message: 'O provedor PIX recusou a operação. Operação inválida.' });

      psp.unavailable = true;
      const down = await errorOf(provider.readCharge(txid));
      expect(down).toMatchObject({
        status: 503,
        code: 'PIX_INDISPONIVEL',
        message: 'O provedor PIX está indisponível no momento. Tente novamente mais tarde.',
      });
    } finally {
      psp.unavailable = false;
      provider.close();
    }
  });

  it('a token the PSP revoked early is replaced once, transparently', async () => {
    const provider = apiPixProvider(psp.config());
    try {
      const txid = provider.newTxid();
      await provider.createCharge({ txid, valor: 5, descricao: 'x' });
      const before = psp.tokensIssued;
      psp.revokeTokens();
      expect(await provider.readCharge(txid)).toMatchObject({ status: 'ATIVA' });
      expect(psp.tokensIssued).toBe(before + 1);
    } finally {
      provider.close();
    }
  });

  it('wrong client credentials: access refused, in Portuguese', async () => {
    const provider = apiPixProvider(psp.config({ clientSecret: 'errado' }));
    try {
      const err = await errorOf(provider.readCharge('a'.repeat(32)));
      expect(err).toMatchObject({ status: 502, code: 'PIX_ACESSO_NEGADO', pspStatus: 401 });
      expect(err.message).toMatch(/recusou o acesso/);
    } finally {
      provider.close();
    }
  });

  it('without a client certificate the PSP trusts, the TLS handshake fails and nothing reaches it', async () => {
    const before = psp.requests.length;
    const stranger = apiPixProvider(psp.config({ certPath: psp.files.strangerCert, keyPath: psp.files.strangerKey }));
    try {
      const err = await errorOf(stranger.createCharge({ txid: stranger.newTxid(), valor: 149, descricao: 'x' }));
      expect(err).toMatchObject({ status: 503, code: 'PIX_INDISPONIVEL', pspStatus: null });
      expect(psp.requests.length).toBe(before);
    } finally {
      stranger.close();
    }
  });

  it("refuses a PSP whose server certificate is not trusted (no CA given for the test PSP's own CA)", async () => {
    const provider = apiPixProvider(psp.config({ caPath: undefined }));
    try {
      expect(await errorOf(provider.readCharge('a'.repeat(32)))).toMatchObject({ code: 'PIX_INDISPONIVEL' });
    } finally {
      provider.close();
    }
  });
});

describe('static provider', () => {
  it('builds a static BR Code with the amount and a 25-character txid, and cannot see payments', async () => {
    const provider = staticPixProvider({
      provider: 'static',
      chave: 'contato@balcao-operador.com.br',
      nome: 'Balcão Operador',
      cidade: 'São Paulo',
      webhook: {},
    });
    const txid = provider.newTxid();
    expect(txid).toMatch(/^[A-Za-z0-9]{25}$/);
    const { pixCopiaECola } = await provider.createCharge({ txid, valor: 149, descricao: 'Licença Balcão' });
    expect(parseBrCode(pixCopiaECola, { strict: true })).toMatchObject({
      key: 'contato@balcao-operador.com.br',
      amount: '149.00',
      txid,
      merchantName: 'Balcao Operador',
      merchantCity: 'Sao Paulo',
      description: 'Licenca Balcao',
    });
    expect(await provider.readCharge(txid)).toBeNull();
  });
});
