import { desc, eq, gt, or, sql } from 'drizzle-orm';
import type { TDocumentacaoEstatisticas } from '@balcao/shared/documentacao';
import { documentacaoBuscasVazias, documentos } from '../../db/schema/documentacao';
import { and } from 'drizzle-orm';
import type { Db } from '../../lib/db';
import { gravarLeituras } from './publico';

/** For admins: the most read documents, the "ajudou?" answers, and the searches that found nothing. */
export async function estatisticas(db: Db, accountId: string): Promise<TDocumentacaoEstatisticas> {
  await gravarLeituras(db);
  const [maisLidos, [votos], buscas] = await Promise.all([
    db
      .select({
        id: documentos.id,
        titulo: documentos.titulo,
        leituras: documentos.leituras,
        votosSim: documentos.votosSim,
        votosNao: documentos.votosNao,
      })
      .from(documentos)
      .where(
        and(eq(documentos.accountId, accountId), or(gt(documentos.leituras, 0), gt(documentos.votosSim, 0), gt(documentos.votosNao, 0))),
      )
      .orderBy(desc(documentos.leituras), desc(documentos.votosSim))
      .limit(10),
    db
      .select({
        sim: sql<number>`coalesce(sum(${documentos.votosSim}), 0)::int`,
        nao: sql<number>`coalesce(sum(${documentos.votosNao}), 0)::int`,
      })
      .from(documentos)
      .where(eq(documentos.accountId, accountId)),
    db
      .select()
      .from(documentacaoBuscasVazias)
      .where(eq(documentacaoBuscasVazias.accountId, accountId))
      .orderBy(desc(documentacaoBuscasVazias.vezes), desc(documentacaoBuscasVazias.ultimaEm))
      .limit(20),
  ]);
  return {
    maisLidos,
    votos: votos ?? { sim: 0, nao: 0 },
    buscasSemResultado: buscas.map((b) => ({ termo: b.termo, vezes: b.vezes, ultimaEm: b.ultimaEm.toISOString() })),
  };
}
