import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BrCodeError, type BrCodeProblem, buildBrCode, crc16, parseBrCode, toAns } from './brcode';

/** The vectors as published in ../shared/test-vectors/pix (copied verbatim into test/vectors/pix). */
const vectors = (name: string) => JSON.parse(readFileSync(new URL(`../../test/vectors/pix/${name}`, import.meta.url), 'utf8'));
type Valid = { id: string; brcode: string; fields: Record<string, unknown>; crc: { declared: string } };
type Invalid = { id: string; brcode: string; reason: string; expectedResult: string; correctedPerIssue?: string };
const valid: Valid[] = vectors('pix_brcodes.json');
const invalid: Invalid[] = vectors('pix_brcodes_invalid.json');

const problemOf = (code: string, strict = false): BrCodeProblem | 'accepted' => {
  try {
    parseBrCode(code, { strict });
    return 'accepted';
  } catch (err) {
    if (!(err instanceof BrCodeError)) throw err;
    return err.problem;
  }
};

describe('CRC-16/CCITT-FALSE', () => {
  it('has the standard check value and the manual example', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(
      crc16(
        '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304',
      ),
    ).toBe('1D3D');
  });
});

describe('valid BR Codes (pix_brcodes.json)', () => {
  it('holds the 41 published codes', () => expect(valid).toHaveLength(41));

  it.each(valid.map((v) => [v.id, v] as const))('%s parses to its listed fields with a correct CRC', (_id, v) => {
    const parsed = parseBrCode(v.brcode);
    expect(parsed).toEqual(v.fields);
    expect(parsed.crc).toBe(v.crc.declared);
    expect(crc16(v.brcode.slice(0, -4))).toBe(v.crc.declared);
  });

  it('a strict reading refuses only the two codes the vectors flag as outside BCB recommendations', () => {
    const refused = Object.fromEntries(valid.map((v) => [v.id, problemOf(v.brcode, true)]).filter(([, p]) => p !== 'accepted'));
    // 'BRASÍLIA' (non-ASCII 60) and 'BAE-12345678-2020' (a '-' in 62-05): banks emit them, strict readers refuse.
    expect(refused).toEqual({ 'stone-non-ascii-city-B4F6': 'CHARSET', 'banrisul-static-b64-8A5E': 'TXID' });
  });
});

describe('invalid BR Codes (pix_brcodes_invalid.json)', () => {
  /** Each vector's stated reason, as the rule our reader names; `strict` where the vector says "under strict". */
  const expected: Record<string, { problem: BrCodeProblem; strict?: true }> = {
    'bacen-issue189-bad-prefix-wrong-crc': { problem: 'CRC' },
    'nascent-crc-error-banrisul': { problem: 'CRC' },
    'nascent-homologacao-uppercased-crc-mismatch': { problem: 'CRC' },
    'wdev-issue5-three-digit-crc': { problem: 'CRC_FORMAT' },
    'stone-name-too-long': { problem: 'NAME' },
    'stone-city-non-ascii': { problem: 'CHARSET', strict: true },
    'stone-url-with-protocol': { problem: 'URL' },
    'stone-reference-label-emoji': { problem: 'TXID' },
    'stone-oversize-512': { problem: 'SIZE' },
    'alexandresanlim-readme-city-too-long': { problem: 'CITY' },
    'piggly-readme-stray-zero': { problem: 'TLV' },
    'gist-62-length-mismatch': { problem: 'TLV' },
  };

  it('covers every published negative vector', () => expect(invalid.map((v) => v.id).sort()).toEqual(Object.keys(expected).sort()));

  it.each(invalid.map((v) => [v.id, v] as const))('%s is refused for its stated reason', (id, v) => {
    const want = expected[id]!;
    expect(problemOf(v.brcode, true)).toBe(want.problem);
    // Rules that are not a matter of strictness refuse the code in the lenient reading too.
    if (!want.strict) expect(problemOf(v.brcode, false)).toBe(want.problem);
  });

  it('the three-digit CRC code, corrected as its issue says (0EA9), reads', () => {
    const fixed = invalid.find((v) => v.id === 'wdev-issue5-three-digit-crc')!.correctedPerIssue!;
    expect(parseBrCode(fixed, { strict: true })).toMatchObject({ crc: '0EA9', amount: '22.00', txid: '1wDQuczihqxiuSkkkLu0aS' });
  });

  it('a message in Portuguese comes with each refusal', () => {
    expect(() => parseBrCode(invalid[1]!.brcode)).toThrow(/CRC do código PIX não confere \(DAA6, esperado DAA5\)/);
  });
});

describe('buildBrCode', () => {
  it('rebuilds the manual static example byte for byte', () => {
    const code = buildBrCode({
      chave: '123e4567-e12b-12d1-a456-426655440000',
      nome: 'Fulano de Tal',
      cidade: 'BRASILIA',
      unico: false,
    });
    expect(code).toBe(valid.find((v) => v.id === 'bcb-manual-static-1D3D')!.brcode);
  });

  it('rebuilds the manual dynamic example (charge location instead of a key) byte for byte', () => {
    const code = buildBrCode({
      url: 'https://pix.example.com/8b3da2f39a4140d1a91abd93113bd441',
      nome: 'Fulano de Tal',
      cidade: 'BRASILIA',
    });
    expect(code).toBe(valid.find((v) => v.id === 'bcb-manual-dynamic-64E4')!.brcode);
    expect(() => buildBrCode({ nome: 'N', cidade: 'C' })).toThrow(/chave PIX ou a URL/);
  });

  it('writes fields 00, 01, 26, 52, 53, 54, 58, 59, 60, 62-05 and 63 in order', () => {
    const code = buildBrCode({
      chave: 'contato@balcao-operador.com.br',
      nome: 'Balcao Operador',
      cidade: 'Sao Paulo',
      valor: 149,
      txid: 'LIC8f3a9c2b7d1e4',
    });
    expect(code).toBe(
      '000201010212' +
        '26520014br.gov.bcb.pix0130contato@balcao-operador.com.br' +
        '52040000530398654061' +
        '49.005802BR5915Balcao Operador6009Sao Paulo' +
        '62200516LIC8f3a9c2b7d1e4' +
        `6304${crc16(code.slice(0, -4))}`,
    );
  });

  const inputs = [
    { chave: 'contato@balcao-operador.com.br', nome: 'Balcão Operador', cidade: 'São Paulo', valor: 149, txid: 'LIC123' },
    {
      chave: '+5511987654321',
      nome: 'Comércio de Software Açaí e Companhia Ltda',
      cidade: 'São José dos Campos',
      valor: 0.01,
      txid: 'a'.repeat(25),
    },
    { chave: '12345678000195', nome: '  Zé  ', cidade: 'Brasília', valor: 1234567.891 },
    { chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906', nome: 'Loja 😀 Ünica', cidade: 'Goiânia', descricao: 'Licença Balcão', unico: false },
  ];
  it.each(inputs.map((i) => [i.nome, i] as const))('what it writes for %s parses back strictly to what was put in', (_n, input) => {
    const parsed = parseBrCode(buildBrCode(input), { strict: true });
    expect(parsed.key).toBe(input.chave);
    expect(parsed.merchantName).toBe(toAns(input.nome).slice(0, 25).trim());
    expect(parsed.merchantCity).toBe(toAns(input.cidade).slice(0, 15).trim());
    expect(parsed.merchantName.length).toBeLessThanOrEqual(25);
    expect(parsed.merchantCity.length).toBeLessThanOrEqual(15);
    expect(parsed.amount).toBe(input.valor === undefined ? undefined : input.valor.toFixed(2));
    expect(parsed.txid).toBe(input.txid ?? '***');
    expect(parsed.pointOfInitiationMethod).toBe(input.unico === false ? undefined : '12');
    expect(parsed.description).toBe(input.descricao ? toAns(input.descricao) : undefined);
    expect(parsed).toMatchObject({ gui: 'br.gov.bcb.pix', merchantCategoryCode: '0000', transactionCurrency: '986', countryCode: 'BR' });
  });

  it('strips accents: São José dos Campos -> Sao Jose dos Ca', () => {
    expect(parseBrCode(buildBrCode(inputs[1]!)).merchantCity).toBe('Sao Jose dos Ca');
    expect(parseBrCode(buildBrCode(inputs[1]!)).merchantName).toBe('Comercio de Software Acai');
  });

  it('cuts the payer note (26-02) to the room a long key leaves in the 99-character template', () => {
    const chave = `${'k'.repeat(70)}@ex.com`;
    const parsed = parseBrCode(buildBrCode({ chave, nome: 'N', cidade: 'C', descricao: 'Licença do Balcão' }), { strict: true });
    expect(parsed.key).toBe(chave);
    expect(parsed.description).toBeUndefined();
    const short = parseBrCode(buildBrCode({ chave: `${'k'.repeat(60)}@ex.com`, nome: 'N', cidade: 'C', descricao: 'Licença do Balcão' }));
    expect(short.description).toBe('Licenc');
  });

  it('refuses what a bank would refuse', () => {
    const base = { chave: 'a@b.co', nome: 'N', cidade: 'C' };
    expect(() => buildBrCode({ ...base, txid: 'com-hifen' })).toThrow(/1 a 25 letras ou números/);
    expect(() => buildBrCode({ ...base, txid: 'a'.repeat(26) })).toThrow(/1 a 25/);
    expect(() => buildBrCode({ ...base, valor: 0 })).toThrow(/maior que zero/);
    expect(() => buildBrCode({ ...base, chave: '' })).toThrow(/1 a 77/);
    expect(() => buildBrCode({ ...base, nome: '😀' })).toThrow(/nome do recebedor/);
  });
});
