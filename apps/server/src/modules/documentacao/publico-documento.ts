import { and, eq, isNull, or } from 'drizzle-orm';
import { DOCUMENTACAO_TEXTS as T } from '@balcao/shared/documentacao';
import { accounts } from '../../db/schema/accounts';
import { documentacaoCentrais, documentos } from '../../db/schema/documentacao';
import type { Db } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import { renderizar } from './markdown';
import { baseDocumentacao } from './presenter';
import { selecionarDocumentos } from './service';

/**
 * One published public document of an account, rendered (sanitised HTML): what the widget opens in place.
 * A draft, an internal one, one of a closed centre or of another account answers 404; with `centralId`, one
 * outside that help centre too (the widget of a channel linked to it).
 */
export async function documentoPublico(db: Db, databaseName: string, id: string, origem: string, centralId?: string) {
  const [r] = await selecionarDocumentos(
    db,
    and(
      eq(documentos.id, id),
      eq(accounts.databaseName, databaseName.toLowerCase()),
      eq(documentos.status, 'publicado'),
      eq(documentos.visibilidade, 'publica'),
      or(isNull(documentacaoCentrais.id), eq(documentacaoCentrais.publica, true)),
      centralId ? eq(documentacaoCentrais.id, centralId) : undefined,
    ),
  );
  if (!r) throw new NotFound(T.documentoNaoEncontrado);
  const { html } = renderizar(r.d.conteudo);
  return {
    id: r.d.id,
    titulo: r.d.titulo,
    // Images are uploads of ours: absolute, so they show inside a widget on the customer's site.
    html: html.replaceAll('src="/backend/uploads/', `src="${origem}/backend/uploads/`),
    url: `${baseDocumentacao(origem, r.databaseName, r.centralSlug)}/${r.secaoSlug}/${r.d.slug}`,
  };
}
