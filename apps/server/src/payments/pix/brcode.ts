/**
 * PIX BR Code (EMV QRCPS merchant-presented mode, as the Banco Central's manual applies it): a generator for
 * the static key code we show when `PIX_PROVIDER=static`, and a reader that checks any code (ours, or a
 * PSP's `pixCopiaECola`) the way a bank app would. Rules and their sources: test/vectors/pix/pix_brcode_rules.md.
 *
 * TLV: a 2-digit ID, a 2-digit decimal length counted in characters, the value. The last field is the CRC
 * (ID 63, length 04): CRC-16/CCITT-FALSE over the UTF-8 bytes of everything before its value, `6304` included,
 * written as 4 uppercase hex digits.
 */

/** The one GUI of a PIX merchant account template (readers also accept it upper-cased, as some banks emit it). */
const PIX_GUI = 'br.gov.bcb.pix';
/** Whole code, in UTF-8 bytes (the API Pix's `pixCopiaECola` maxLength; readers check it first). */
const BRCODE_MAX_BYTES = 512;
const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;
/** 62-05 of a static code: BCB's recommended charset, 1 to 25 characters. */
const STATIC_TXID = /^[A-Za-z0-9]{1,25}$/;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, xorout 0), as 4 uppercase hex digits. */
export function crc16(data: string | Uint8Array): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export type BrCodeProblem =
  | 'SIZE' // over 512 bytes
  | 'CRC_FORMAT' // not ending in 6304 + 4 uppercase hex digits
  | 'CRC' // declared CRC differs from the computed one
  | 'TLV' // the ID/length/value stream does not parse, or 63 is not last
  | 'FIELD' // a mandatory field missing, or a fixed one with a wrong value
  | 'MERCHANT_ACCOUNT' // template 26 without the PIX GUI, with both key and URL, or lengths out of range
  | 'URL' // 26-25 with a scheme
  | 'AMOUNT' // 54 not a positive decimal of at most 13 characters
  | 'NAME' // 59 empty or over 25
  | 'CITY' // 60 empty or over 15
  | 'CHARSET' // 59/60 outside ANS (0x20-0x7E), strict reading only
  | 'TXID'; // 62-05 outside the allowed charset

/** A code refused, with the rule it breaks (`problem`) and a Portuguese text for a person. */
export class BrCodeError extends Error {
  constructor(
    readonly problem: BrCodeProblem,
    message: string,
  ) {
    super(message);
    this.name = 'BrCodeError';
  }
}

/** A read BR Code; names are EMV's, as the vectors list them. Absent optional fields are left out. */
export type TBrCode = {
  payloadFormatIndicator: string;
  pointOfInitiationMethod?: string;
  gui: string;
  key?: string;
  description?: string;
  fss?: string;
  url?: string;
  merchantCategoryCode: string;
  transactionCurrency: string;
  amount?: string;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  txid?: string;
  crc: string;
  /** Sub-fields of 62 other than 05, raw. */
  additionalDataFieldOther?: Record<string, string>;
  /** Unreserved templates 80-99 read as sub-TLVs (e.g. Pix Automático's 80). */
  otherTemplates?: Record<string, Record<string, string>>;
};

type Tlv = { id: string; value: string };

/** Splits a TLV stream; lengths count characters (code points), as the readers the vectors come from do. */
function readTlv(text: string, where: string): Tlv[] {
  const chars = Array.from(text);
  const out: Tlv[] = [];
  let i = 0;
  while (i < chars.length) {
    const id = chars.slice(i, i + 2).join('');
    const len = chars.slice(i + 2, i + 4).join('');
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(len)) {
      throw new BrCodeError('TLV', `Código PIX malformado: campo inválido na posição ${i} de ${where}.`);
    }
    const n = Number(len);
    if (i + 4 + n > chars.length) throw new BrCodeError('TLV', `Código PIX malformado: o campo ${id} de ${where} está incompleto.`);
    out.push({ id, value: chars.slice(i + 4, i + 4 + n).join('') });
    i += 4 + n;
  }
  return out;
}

const ANS = /^[\x20-\x7E]*$/;
const charCount = (s: string) => Array.from(s).length;

export type ReadOptions = {
  /**
   * Strict: 59 and 60 in ANS only and 62-05 in [A-Za-z0-9]{1,25} or `***`, as BCB recommends and our generator
   * writes. Off (default): what banks accept in the wild (accented city names, `-` in a txid).
   */
  strict?: boolean;
};

/** Reads and checks a BR Code; throws BrCodeError naming the broken rule. */
export function parseBrCode(code: string, options: ReadOptions = {}): TBrCode {
  if (new TextEncoder().encode(code).length > BRCODE_MAX_BYTES) {
    throw new BrCodeError('SIZE', `Código PIX com mais de ${BRCODE_MAX_BYTES} bytes.`);
  }
  if (!/6304[0-9A-F]{4}$/.test(code))
    throw new BrCodeError('CRC_FORMAT', 'Código PIX sem CRC válido no final (6304 e 4 dígitos hexadecimais).');
  const declared = code.slice(-4);
  const computed = crc16(code.slice(0, -4));
  if (declared !== computed) throw new BrCodeError('CRC', `CRC do código PIX não confere (${declared}, esperado ${computed}).`);

  const top = readTlv(code, 'o código');
  const last = top.at(-1);
  if (last?.id !== '63' || top.filter((f) => f.id === '63').length !== 1) {
    throw new BrCodeError('TLV', 'Código PIX malformado: o CRC (63) não é o último campo.');
  }
  const byId = new Map<string, string>();
  for (const f of top) {
    if (byId.has(f.id)) throw new BrCodeError('TLV', `Código PIX malformado: campo ${f.id} repetido.`);
    byId.set(f.id, f.value);
  }
  if (top[0]?.id !== '00' || byId.get('00') !== '01') throw new BrCodeError('FIELD', 'Código PIX deve começar pelo campo 00 com valor 01.');
  const fixed: [string, RegExp, string][] = [
    ['52', /^\d{4}$/, 'categoria do recebedor (52)'],
    ['53', /^986$/, 'moeda (53) deve ser 986'],
    ['58', /^BR$/, 'país (58) deve ser BR'],
  ];
  for (const [id, rule, what] of fixed) {
    if (!rule.test(byId.get(id) ?? '')) throw new BrCodeError('FIELD', `Código PIX inválido: ${what}.`);
  }
  const poi = byId.get('01');
  if (poi !== undefined && poi !== '11' && poi !== '12') throw new BrCodeError('FIELD', 'Código PIX inválido: campo 01 deve ser 11 ou 12.');

  const result: TBrCode = {
    payloadFormatIndicator: '01',
    ...(poi !== undefined && { pointOfInitiationMethod: poi }),
    ...readMerchantAccount(byId.get('26')),
    merchantCategoryCode: byId.get('52') as string,
    transactionCurrency: '986',
    countryCode: 'BR',
    merchantName: '',
    merchantCity: '',
    crc: declared,
  };

  const amount = byId.get('54');
  if (amount !== undefined) {
    if (amount.length > 13 || !/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0) {
      throw new BrCodeError('AMOUNT', 'Código PIX inválido: valor (54) deve ser um número positivo com ponto decimal.');
    }
    result.amount = amount;
  }
  const name = byId.get('59') ?? '';
  const city = byId.get('60') ?? '';
  if (charCount(name) < 1 || charCount(name) > MERCHANT_NAME_MAX) {
    throw new BrCodeError('NAME', `Código PIX inválido: nome do recebedor (59) deve ter de 1 a ${MERCHANT_NAME_MAX} caracteres.`);
  }
  if (charCount(city) < 1 || charCount(city) > MERCHANT_CITY_MAX) {
    throw new BrCodeError('CITY', `Código PIX inválido: cidade do recebedor (60) deve ter de 1 a ${MERCHANT_CITY_MAX} caracteres.`);
  }
  if (options.strict && (!ANS.test(name) || !ANS.test(city))) {
    throw new BrCodeError('CHARSET', 'Código PIX inválido: nome e cidade do recebedor devem ter só caracteres sem acento.');
  }
  result.merchantName = name;
  result.merchantCity = city;
  const cep = byId.get('61');
  if (cep !== undefined) result.postalCode = cep;

  const extra = byId.get('62');
  if (extra !== undefined) {
    const others: Record<string, string> = {};
    for (const sub of readTlv(extra, 'o campo 62')) {
      if (sub.id === '05') result.txid = checkTxid(sub.value, options);
      else others[sub.id] = sub.value;
    }
    if (Object.keys(others).length > 0) result.additionalDataFieldOther = others;
  }

  const templates: Record<string, Record<string, string>> = {};
  for (const f of top) {
    if (Number(f.id) >= 80 && Number(f.id) <= 99) {
      templates[f.id] = Object.fromEntries(readTlv(f.value, `o campo ${f.id}`).map((s) => [s.id, s.value]));
    }
  }
  if (Object.keys(templates).length > 0) result.otherTemplates = templates;
  return result;
}

function checkTxid(txid: string, options: ReadOptions): string {
  const ok = txid === '***' || (options.strict ? STATIC_TXID.test(txid) : charCount(txid) <= 25 && /^[\x21-\x7E]+$/.test(txid));
  if (!ok) throw new BrCodeError('TXID', 'Código PIX inválido: identificador da transação (62-05) com caracteres não permitidos.');
  return txid;
}

/** Template 26: GUI, then the key (01) or the location URL (25) of a dynamic code, never both. */
function readMerchantAccount(value: string | undefined): Pick<TBrCode, 'gui' | 'key' | 'description' | 'fss' | 'url'> {
  if (value === undefined) throw new BrCodeError('MERCHANT_ACCOUNT', 'Código PIX sem conta do recebedor (campo 26).');
  const subs = new Map(readTlv(value, 'o campo 26').map((s) => [s.id, s.value]));
  const gui = subs.get('00') ?? '';
  if (gui !== PIX_GUI && gui !== PIX_GUI.toUpperCase())
    throw new BrCodeError('MERCHANT_ACCOUNT', 'Código PIX sem o identificador br.gov.bcb.pix.');
  const key = subs.get('01');
  const description = subs.get('02');
  const fss = subs.get('03');
  const url = subs.get('25');
  const bad = (why: string) => new BrCodeError('MERCHANT_ACCOUNT', `Código PIX inválido: ${why} (campo 26).`);
  if (key !== undefined && url !== undefined) throw bad('chave e URL ao mesmo tempo');
  if (key !== undefined && (charCount(key) < 1 || charCount(key) > 77)) throw bad('chave com tamanho fora de 1 a 77');
  if (url !== undefined && description !== undefined) throw bad('URL com informação adicional');
  if (description !== undefined && (charCount(description) < 1 || charCount(description) > 72))
    throw bad('informação adicional longa demais');
  if (fss !== undefined && !/^.{8}$/u.test(fss)) throw bad('FSS deve ter 8 caracteres');
  if (url !== undefined) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) throw new BrCodeError('URL', 'Código PIX inválido: a URL do campo 26 não deve ter https://.');
    if (charCount(url) < 1 || charCount(url) > 77) throw bad('URL com tamanho fora de 1 a 77');
  }
  return {
    gui,
    ...(key !== undefined && { key }),
    ...(description !== undefined && { description }),
    ...(fss !== undefined && { fss }),
    ...(url !== undefined && { url }),
  };
}

/** Accents and anything outside ANS removed ("Balcão São Paulo" -> "Balcao Sao Paulo"), spaces collapsed. */
export function toAns(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export type BrCodeInput = {
  /** Static code: the receiver's PIX key (e-mail, phone +55..., CPF/CNPJ digits or a random key), 1 to 77 characters. */
  chave?: string;
  /** Dynamic code instead: the PSP's charge location (host/path, no scheme; API Pix `location`); 62-05 is then `***`. */
  url?: string;
  /** Receiver's name and city: accents stripped, then cut to 25 and 15 characters. */
  nome: string;
  cidade: string;
  /** Amount in reais (> 0), written with two decimals; omitted when undefined (the payer types it). */
  valor?: number;
  /** 62-05: [A-Za-z0-9]{1,25}; `***` when not given. */
  txid?: string;
  /** 26-02, a note shown to the payer (optional). */
  descricao?: string;
  /** 01 = 12: the code must not be paid more than once (default); false omits 01. */
  unico?: boolean;
};

const field = (id: string, value: string) => {
  const n = charCount(value);
  if (n > 99) throw new BrCodeError('TLV', `Campo ${id} do código PIX com mais de 99 caracteres.`);
  return `${id}${String(n).padStart(2, '0')}${value}`;
};

/**
 * Builds a BR Code: static for a PIX key, or dynamic for a PSP's charge location. What it writes always reads back
 * with parseBrCode(…, { strict: true }).
 */
export function buildBrCode(input: BrCodeInput): string {
  const chave = input.chave?.trim();
  const url = input.url?.trim().replace(/^https?:\/\//i, '');
  if ((chave === undefined) === (url === undefined)) throw new BrCodeError('MERCHANT_ACCOUNT', 'Informe a chave PIX ou a URL da cobrança.');
  if (chave !== undefined && (charCount(chave) < 1 || charCount(chave) > 77)) {
    throw new BrCodeError('MERCHANT_ACCOUNT', 'A chave PIX deve ter de 1 a 77 caracteres.');
  }
  if (url !== undefined && (charCount(url) < 1 || charCount(url) > 77))
    throw new BrCodeError('URL', 'A URL da cobrança PIX deve ter de 1 a 77 caracteres.');
  const nome = toAns(input.nome).slice(0, MERCHANT_NAME_MAX).trim();
  const cidade = toAns(input.cidade).slice(0, MERCHANT_CITY_MAX).trim();
  if (!nome) throw new BrCodeError('NAME', 'Informe o nome do recebedor PIX.');
  if (!cidade) throw new BrCodeError('CITY', 'Informe a cidade do recebedor PIX.');
  const txid = url !== undefined ? '***' : (input.txid ?? '***');
  if (txid !== '***' && !STATIC_TXID.test(txid)) {
    throw new BrCodeError('TXID', 'O identificador da cobrança PIX deve ter de 1 a 25 letras ou números.');
  }
  let amount: string | undefined;
  if (input.valor !== undefined) {
    if (!Number.isFinite(input.valor) || input.valor <= 0) throw new BrCodeError('AMOUNT', 'O valor do PIX deve ser maior que zero.');
    amount = input.valor.toFixed(2);
    if (amount.length > 13) throw new BrCodeError('AMOUNT', 'O valor do PIX é grande demais.');
  }
  // 26-02 gets what room the 99-character template leaves after the GUI and the key (it is only a note).
  const room = Math.min(72, 99 - 18 - 4 - charCount(chave ?? '') - 4);
  const descricao = input.descricao && chave !== undefined && room > 0 ? toAns(input.descricao).slice(0, room).trim() : '';
  const account =
    field('00', PIX_GUI) +
    (chave !== undefined ? field('01', chave) : field('25', url as string)) +
    (descricao ? field('02', descricao) : '');
  const body =
    field('00', '01') +
    (input.unico === false ? '' : field('01', '12')) +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (amount ? field('54', amount) : '') +
    field('58', 'BR') +
    field('59', nome) +
    field('60', cidade) +
    field('62', field('05', txid)) +
    '6304';
  const code = body + crc16(body);
  if (new TextEncoder().encode(code).length > BRCODE_MAX_BYTES)
    throw new BrCodeError('SIZE', `Código PIX com mais de ${BRCODE_MAX_BYTES} bytes.`);
  return code;
}
