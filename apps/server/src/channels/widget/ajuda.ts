import { and, eq } from 'drizzle-orm';
import { DOCUMENTACAO_BUSCA_LIMITE } from '@balcao/shared/documentacao';
import { documentacaoCentrais } from '../../db/schema/documentacao';
import type { Db } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import { buscaPublica } from '../../modules/documentacao/busca';
import { contarLeitura } from '../../modules/documentacao/publico';
import { documentoPublico } from '../../modules/documentacao/publico-documento';

const SEM_CENTRAL = 'Este chat não tem uma central de ajuda.';
/** The parts of a website channel (service.ts's WidgetCanal) its help centre needs. */
type CanalComAjuda = { accountId: string; databaseName: string; config: { centralId?: string | null } };

/** The public help centre a website channel is linked to (its settings pick one of the account's), or null. */
export async function centralDoCanal(db: Db, canal: CanalComAjuda) {
  const id = canal.config.centralId;
  if (!id) return null;
  const [c] = await db
    .select({ id: documentacaoCentrais.id, nome: documentacaoCentrais.nome, slug: documentacaoCentrais.slug })
    .from(documentacaoCentrais)
    .where(
      and(eq(documentacaoCentrais.id, id), eq(documentacaoCentrais.accountId, canal.accountId), eq(documentacaoCentrais.publica, true)),
    );
  return c ?? null;
}

async function exigirCentral(db: Db, canal: CanalComAjuda) {
  const c = await centralDoCanal(db, canal);
  if (!c) throw new NotFound(SEM_CENTRAL);
  return c;
}

/**
 * "Procurar na central de ajuda" in the widget: the centre's published public documents (no Markdown), a
 * search that found nothing counted for the admins (the articles to write next).
 */
export async function buscarNaAjuda(db: Db, canal: CanalComAjuda, q: string) {
  const central = await exigirCentral(db, canal);
  const achados = await buscaPublica(db, canal.accountId, { q, centralSlug: central.slug, limite: DOCUMENTACAO_BUSCA_LIMITE });
  return achados.map(({ id, titulo, trechoHtml, url }) => ({ id, titulo, trechoHtml, url }));
}

/** One article of the linked centre, rendered (sanitised), opened inside the widget: `ler` counts a read. */
export async function artigoDaAjuda(db: Db, canal: CanalComAjuda, id: string, origem: string, ler = true) {
  const central = await exigirCentral(db, canal);
  const doc = await documentoPublico(db, canal.databaseName, id, origem, central.id);
  if (ler) contarLeitura(db, doc.id);
  return doc;
}
