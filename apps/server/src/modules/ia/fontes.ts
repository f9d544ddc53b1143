import type { Db } from '../../lib/db';

/** A document of the account's knowledge base the assistant may ground an answer on. */
export type Documento = {
  id: string;
  titulo: string;
  url: string | null;
  trecho: string;
  conteudo: string;
  visibilidade: 'interna' | 'publica';
};

/** Most documents one answer is grounded on. */
export const FONTES_MAX = 4;

/**
 * The one seam to the documentation module: internal and public documents matching the question by full-text
 * search. Until that module exists in this build there is no knowledge base, and the assistant says so.
 */
export async function buscarFontes(_db: Db, _accountId: string, _pergunta: string): Promise<Documento[]> {
  return [];
}
