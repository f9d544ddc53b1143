import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Customer search that ignores accents, case and how a number is written, done by the database (the directory,
 * the new conversation's options, the scheduled messages and the inbox all ask it through `clienteCorresponde`).
 * Accents go with translate(), not the unaccent extension: PGlite loads no extension by default, and
 * translate() and lower() are immutable, so the customer's side is a stored column (schema `clientes.busca*`).
 * Upper-case accented letters are listed too: lower() folds only ASCII under PGlite's C locale.
 */
const COM_ACENTO = 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ';
const SEM_ACENTO = 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy';

/** A text lower-cased and without accents ('João' → 'joao'); the documentation's search index uses it too. */
export const semAcentos = (texto: SQL | AnyColumn | unknown): SQL =>
  sql`lower(translate(${texto}, ${sql.raw(`'${COM_ACENTO}'`)}, ${sql.raw(`'${SEM_ACENTO}'`)}))`;

/** Only the digits of a text: '+55 (11) 98765-4321' → '5511987654321'. */
const soDigitos = (texto: SQL | AnyColumn | unknown): SQL => sql`regexp_replace(${texto}, '[^0-9]', '', 'g')`;

/** The stored columns' expressions (schema `clientes`): the name and e-mail as searched, the number's digits. */
export const buscaTextoDe = (nome: AnyColumn, email: AnyColumn): SQL => semAcentos(sql`${nome} || chr(10) || coalesce(${email}, '')`);
export const buscaNumeroDe = (numero: AnyColumn): SQL => soDigitos(sql`coalesce(${numero}, '')`);

/**
 * Whether a customer matches a search `padrao` (a LIKE pattern, queries.likePattern): by name or e-mail
 * without accents, or by the number's digits when the search is a number ('(11) 98765-4321' finds
 * 5511987654321). A search with letters is a name: 'Loja 3' must not find every number with a 3 in it.
 */
export function clienteCorresponde(cols: { buscaTexto: AnyColumn; buscaNumero: AnyColumn }, padrao: unknown): SQL {
  const digitos = sql`case when ${semAcentos(padrao)} ~ '[a-z]' then null else nullif(${soDigitos(padrao)}, '') end`;
  return sql`(${cols.buscaTexto} like ${semAcentos(padrao)} or ${cols.buscaNumero} like ('%' || ${digitos} || '%'))`;
}
