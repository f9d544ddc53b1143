import { TZDate } from '@date-fns/tz';

/** Excel and LibreOffice in Brazil open this directly: UTF-8 with a BOM, ';' between fields, CRLF lines. */
export const BOM = '\uFEFF';
const SEP = ';';
const EOL = '\r\n';

/** A field quoted when it holds the separator, a quote or a line break (quotes doubled), as RFC 4180. */
export function campo(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'number' ? decimal(v) : v;
  // A leading = @ (or + - before a non-number) would be read as a formula by the spreadsheet: kept as text.
  const safe = typeof v === 'string' && /^([=@\t\r]|[+-](?![\d\s]))/.test(s) ? `'${s}` : s;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Comma decimals, no thousands separator (the spreadsheet reads 1234,5 as a number). */
export function decimal(n: number, casas = 2): string {
  if (!Number.isFinite(n)) return '';
  const fixed = Number.isInteger(n) ? String(n) : n.toFixed(casas).replace(/0+$/, '').replace(/\.$/, '');
  return fixed.replace('.', ',');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** dd/MM/yyyy HH:mm in the account's zone. */
export function dataHora(d: Date | null, timeZone: string): string {
  if (!d) return '';
  const t = new TZDate(d.getTime(), timeZone);
  return `${pad(t.getDate())}/${pad(t.getMonth() + 1)}/${t.getFullYear()} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/** dd/MM/yyyy of a calendar day (YYYY-MM-DD). */
export const dia = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const linha = (campos: (string | number | null | undefined)[]) => campos.map(campo).join(SEP) + EOL;
