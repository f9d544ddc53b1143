import type { TCentral, TDocumento, TDocumentoResumo, TSecao, TVersao } from '@balcao/shared/documentacao';
import type { CentralRow, DocumentoRow, DocumentoVersaoRow, SecaoRow } from '../../db/schema/documentacao';

/** Where a document lives, for its public link: the account, the centre (if any) and the section. */
export type Lugar = { databaseName: string; centralSlug: string | null; centralPublica: boolean | null; secaoSlug: string };

/** The public address of the account's documentation or of a help centre (spec part 1 §2). */
export const baseDocumentacao = (origem: string, databaseName: string, centralSlug: string | null) =>
  centralSlug ? `${origem}/${databaseName}/central/${centralSlug}/documentacao` : `${origem}/${databaseName}/documentacao`;

export const presentCentral = (c: CentralRow, origem: string, databaseName: string): TCentral => ({
  id: c.id,
  nome: c.nome,
  slug: c.slug,
  dominio: c.dominio,
  dominioVerificadoEm: c.dominioVerificadoEm?.toISOString() ?? null,
  cor: c.cor,
  logo: c.logo,
  publica: c.publica,
  url: baseDocumentacao(origem, databaseName, c.slug),
});

export const presentSecao = (s: SecaoRow): TSecao => ({ id: s.id, titulo: s.titulo, slug: s.slug, ordem: s.ordem, centralId: s.centralId });

/** A document is public when published, public, and not in a help centre closed to the public. */
const ehPublico = (d: Pick<DocumentoRow, 'status' | 'visibilidade'>, lugar: Pick<Lugar, 'centralPublica'>) =>
  d.status === 'publicado' && d.visibilidade === 'publica' && lugar.centralPublica !== false;

export function presentResumo(d: DocumentoRow, lugar: Lugar, autorNome: string | null, origem: string): TDocumentoResumo {
  return {
    id: d.id,
    titulo: d.titulo,
    slug: d.slug,
    secaoId: d.secaoId,
    status: d.status,
    visibilidade: d.visibilidade,
    ordem: d.ordem,
    autorNome,
    atualizadoEm: d.updatedAt.toISOString(),
    publicadoEm: d.publicadoEm?.toISOString() ?? null,
    url: ehPublico(d, lugar) ? `${baseDocumentacao(origem, lugar.databaseName, lugar.centralSlug)}/${lugar.secaoSlug}/${d.slug}` : null,
  };
}

export const presentDocumento = (d: DocumentoRow, lugar: Lugar, autorNome: string | null, origem: string): TDocumento => ({
  ...presentResumo(d, lugar, autorNome, origem),
  conteudo: d.conteudo,
  criadoEm: d.createdAt.toISOString(),
});

export const presentVersao = (v: DocumentoVersaoRow, autorNome: string | null): TVersao => ({
  id: v.id,
  numero: v.numero,
  titulo: v.titulo,
  conteudo: v.conteudo,
  status: v.status,
  visibilidade: v.visibilidade,
  autorNome,
  criadaEm: v.createdAt.toISOString(),
});
