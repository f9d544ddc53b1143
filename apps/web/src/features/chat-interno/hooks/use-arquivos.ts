import { useEffect, useRef, useState } from 'react';
import {
  CHAT_INTERNO_MIME_TYPES,
  CHAT_INTERNO_UPLOAD_MAX_BYTES,
  CHAT_INTERNO_VALIDACAO as V,
  DOCUMENTO_EXTENSOES,
  formatarTamanho,
  tipoPorMime,
  type TMidiaTipo,
  type TUploadArquivoAnswer,
} from '@balcao/shared/chat-interno';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { uploadArquivo } from '../upload';

export type TArquivo = {
  key: string;
  file: File;
  tipo: TMidiaTipo;
  /** Object URL for pictures and videos, shown in the grid. */
  preview: string | null;
  estado: 'pronto' | 'enviando' | 'erro';
  progresso: number;
  erro?: string;
};

/** Spec §2: what each entry of the attach menu lets the picker choose. */
export const ACEITE = {
  imagens: 'image/*',
  videos: 'video/*',
  documentos: DOCUMENTO_EXTENSOES.map((e) => `.${e}`).join(','),
} as const;

const extensao = (nome: string) => nome.split('.').pop()?.toLowerCase() ?? '';

/** Checked here so the sender learns at once (a drop or paste skips the picker's filter); the server checks the bytes again. */
export function validateArquivo(file: File): string | null {
  const tipo = tipoPorMime(file.type);
  const aceito =
    tipo === 'document'
      ? (DOCUMENTO_EXTENSOES as readonly string[]).includes(extensao(file.name))
      : CHAT_INTERNO_MIME_TYPES[tipo].includes(file.type);
  if (!aceito) return V.arquivoTipo;
  const max = CHAT_INTERNO_UPLOAD_MAX_BYTES[tipo];
  return file.size > max ? V.arquivoGrande(formatarTamanho(max)) : null;
}

/** The composer's selected files: previews, upload progress, failures kept for another try or removal. */
export function useArquivos() {
  const [arquivos, setArquivos] = useState<TArquivo[]>([]);
  const atuais = useRef(arquivos);
  atuais.current = arquivos;
  useEffect(
    () => () => {
      for (const a of atuais.current) if (a.preview) URL.revokeObjectURL(a.preview);
    },
    [],
  );

  const patch = (key: string, p: Partial<TArquivo>) => setArquivos((l) => l.map((a) => (a.key === key ? { ...a, ...p } : a)));

  const adicionar = (files: Iterable<File>) => {
    const novos: TArquivo[] = [];
    for (const file of files) {
      const invalido = validateArquivo(file);
      if (invalido) {
        toast.error(invalido, file.name);
        continue;
      }
      const tipo = tipoPorMime(file.type);
      const preview = tipo === 'image' || tipo === 'video' ? URL.createObjectURL(file) : null;
      novos.push({ key: crypto.randomUUID(), file, tipo, preview, estado: 'pronto', progresso: 0 });
    }
    if (novos.length) setArquivos((l) => [...l, ...novos]);
  };

  const remover = (key: string) =>
    setArquivos((l) => {
      const alvo = l.find((a) => a.key === key);
      if (alvo?.preview) URL.revokeObjectURL(alvo.preview);
      return l.filter((a) => a.key !== key);
    });

  /** Uploads one file; on success it leaves the grid, on failure it stays marked with the reason. */
  const subir = async (key: string): Promise<TUploadArquivoAnswer | null> => {
    const a = atuais.current.find((x) => x.key === key);
    if (!a) return null;
    patch(key, { estado: 'enviando', progresso: 0, erro: undefined });
    try {
      const answer = await uploadArquivo(a.file, (progresso) => patch(key, { progresso }));
      remover(key);
      return answer;
    } catch (err) {
      const erro = errorMessage(err, V.falhaUpload(a.file.name));
      patch(key, { estado: 'erro', erro });
      toast.error(V.falhaUpload(a.file.name), erro === V.falhaUpload(a.file.name) ? undefined : erro);
      return null;
    }
  };

  return { arquivos, adicionar, remover, subir, enviando: arquivos.some((a) => a.estado === 'enviando') };
}
