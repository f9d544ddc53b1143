import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type TCentralInput,
  type TDocumentoInput,
  type TSecaoInput,
  ZCentral,
  ZDocumento,
  ZDocumentoEncontrado,
  ZDocumentoResumo,
  ZDocumentacaoEstatisticas,
  ZDominioStatus,
  ZSecao,
  ZVersao,
} from '@balcao/shared/documentacao';
import { z } from 'zod';
import { mensagemHttp, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const B = '/api/documentacao';
const keys = {
  all: ['documentacao'] as const,
  centrais: ['documentacao', 'centrais'] as const,
  secoes: ['documentacao', 'secoes'] as const,
  documentos: ['documentacao', 'documentos'] as const,
  documento: (id: string) => ['documentacao', 'documento', id] as const,
  versoes: (id: string) => ['documentacao', 'versoes', id] as const,
  busca: (q: string) => ['documentacao', 'busca', q] as const,
};

export const useCentrais = () => useQuery({ queryKey: keys.centrais, queryFn: () => request('GET', `${B}/centrais`, ZCentral.array()) });
export const useSecoes = () => useQuery({ queryKey: keys.secoes, queryFn: () => request('GET', `${B}/secoes`, ZSecao.array()) });
export const useDocumentos = () =>
  useQuery({ queryKey: keys.documentos, queryFn: () => request('GET', `${B}/documentos`, ZDocumentoResumo.array()) });
export const useDocumento = (id: string | null) =>
  useQuery({ queryKey: keys.documento(id ?? ''), enabled: !!id, queryFn: () => request('GET', `${B}/documentos/${id}`, ZDocumento) });
export const useVersoes = (id: string, enabled: boolean) =>
  useQuery({ queryKey: keys.versoes(id), enabled, queryFn: () => request('GET', `${B}/documentos/${id}/versoes`, ZVersao.array()) });
export const useDominio = (centralId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['documentacao', 'dominio', centralId],
    enabled,
    retry: false,
    queryFn: () => request('GET', `${B}/centrais/${centralId}/dominio`, ZDominioStatus),
  });

/** GET /api/documentacao/estatisticas (admins): the most read, the "ajudou?" answers, searches that found nothing. */
export const useEstatisticas = () =>
  useQuery({
    queryKey: ['documentacao', 'estatisticas'],
    queryFn: () => request('GET', `${B}/estatisticas`, ZDocumentacaoEstatisticas),
  });

/** GET /api/documentacao/busca: published documents, internal and public (the composer's search). */
export const useBuscaDocumentos = (q: string) =>
  useQuery({
    queryKey: keys.busca(q),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
    queryFn: () => request('GET', `${B}/busca?q=${encodeURIComponent(q.trim())}`, ZDocumentoEncontrado.array()),
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all });
}

/** Saves with a toast; field errors are left to the form (the thrown ApiError). */
function useSalvar<I, R>(fn: (v: { id: string | null; input: I }) => Promise<R>, ok: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void invalidate();
      toast.success('Sucesso', ok);
    },
  });
}

export const useSaveCentral = () =>
  useSalvar(
    ({ id, input }: { id: string | null; input: TCentralInput }) =>
      id ? request('PUT', `${B}/centrais/${id}`, ZCentral, input) : request('POST', `${B}/centrais`, ZCentral, input),
    'Central de ajuda salva.',
  );
export const useSaveSecao = () =>
  useSalvar(
    ({ id, input }: { id: string | null; input: TSecaoInput }) =>
      id ? request('PUT', `${B}/secoes/${id}`, ZSecao, input) : request('POST', `${B}/secoes`, ZSecao, input),
    'Seção salva.',
  );
export const useSaveDocumento = () =>
  useSalvar(
    ({ id, input }: { id: string | null; input: TDocumentoInput }) =>
      id ? request('PUT', `${B}/documentos/${id}`, ZDocumento, input) : request('POST', `${B}/documentos`, ZDocumento, input),
    'Documento salvo.',
  );

export function useDeleteItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ tipo, id }: { tipo: 'centrais' | 'secoes' | 'documentos'; id: string }) => request('DELETE', `${B}/${tipo}/${id}`, null),
    onSuccess: () => {
      void invalidate();
      toast.success('Sucesso', 'Excluído.');
    },
    onError: (err) => toast.error('Erro', mensagemHttp(err, 'Não foi possível excluir.')),
  });
}

export function useRestoreVersao(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (versaoId: string) => request('POST', `${B}/documentos/${id}/versoes/${versaoId}/restaurar`, ZDocumento),
    onSuccess: () => {
      void invalidate();
      toast.success('Sucesso', 'Versão restaurada.');
    },
    onError: (err) => toast.error('Erro', mensagemHttp(err, 'Não foi possível restaurar a versão.')),
  });
}

/** POST /api/documentacao/upload: an image for a document; answers its URL. */
export async function uploadImagem(arquivo: File): Promise<string> {
  const form = new FormData();
  form.append('arquivo', arquivo);
  return (await request('POST', `${B}/upload`, z.object({ url: z.string() }), form)).url;
}
