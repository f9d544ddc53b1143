import type { Db } from '../../lib/db';
import { buscarDocumentos, type DocumentoEncontrado } from '../documentacao/busca';
import { dobrar } from '../documentacao/markdown';

/** A document of the account's knowledge base the assistant may ground an answer on. */
export type Documento = DocumentoEncontrado;

/** Most documents one answer is grounded on. */
export const FONTES_MAX = 4;
/** Words of the question searched on their own (each one query). */
const TERMOS_MAX = 6;

/** Words that say nothing about what the customer wants (the search needs every word of its query). */
const VAZIAS = new Set(
  (
    'a o as os um uma uns umas de do da dos das no na nos nas em por para pra pro com sem sob sobre ao aos e ou mas que qual quais ' +
    'quando onde como quanto quanta quantos quantas porque pois se ja nao sim mais menos muito muita meu minha meus minhas seu sua ' +
    'seus suas voce voces vcs vc eu ele ela eles elas nos isso isto esse essa este esta aquele aquela ola oi bom boa dia tarde noite ' +
    'obrigado obrigada favor gostaria queria quero preciso saber tem ter tenho foi ser sao estou esta estao ainda aqui ai la ' +
    'cpf cnpj email e-mail'
  ).split(/\s+/),
);

/** The question's words worth searching: no filler, no numbers, no placeholders, each once. */
export function termosDaPergunta(pergunta: string): string[] {
  const vistos = new Set<string>();
  for (const w of dobrar(pergunta.normalize('NFC')).split(/[^\p{L}\p{N}]+/u)) {
    if (w.length < 3 || VAZIAS.has(w) || /^\d+$/.test(w) || vistos.has(w)) continue;
    vistos.add(w);
    if (vistos.size === TERMOS_MAX) break;
  }
  return [...vistos];
}

/**
 * The one seam to the documentation module: internal and public published documents for the question. The
 * module's search needs every word of its query, and a customer's sentence rarely has all its words in one
 * document: each meaningful word is searched alone, and documents found by more of them come first.
 */
export async function buscarFontes(db: Db, accountId: string, pergunta: string): Promise<Documento[]> {
  const achados = new Map<string, { doc: Documento; hits: number; ordem: number }>();
  for (const termo of termosDaPergunta(pergunta)) {
    for (const doc of await buscarDocumentos(db, accountId, { q: termo, incluirInternos: true, limite: FONTES_MAX })) {
      const a = achados.get(doc.id);
      if (a) a.hits += 1;
      else achados.set(doc.id, { doc, hits: 1, ordem: achados.size });
    }
  }
  return [...achados.values()]
    .sort((x, y) => y.hits - x.hits || x.ordem - y.ordem)
    .slice(0, FONTES_MAX)
    .map((a) => a.doc);
}
