import { useEffect, useRef, useState } from 'react';
import { ANEXO_MAX_BYTES, ANEXO_MIME_TYPES, ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import type { TUploadAnswer } from './api';
import { UPLOAD_TEXTS, uploadAnexo } from './upload';

export type TAnexo = {
  key: string;
  file: File;
  preview: string | null;
  progresso: number;
  estado: 'pronto' | 'enviando' | 'erro';
  erro?: string;
};

/** The file picker's `accept`: the types the server takes (it checks by content again). */
export const ANEXO_ACCEPT = ANEXO_MIME_TYPES.join(',');

/** Checked here so the attendant learns at once; the server's answer is still the rule. */
function validarAnexo(file: File): string | null {
  if (file.size > ANEXO_MAX_BYTES) return ATENDIMENTO_TEXTS.anexoTamanho;
  if (file.type && !(ANEXO_MIME_TYPES as readonly string[]).includes(file.type)) return ATENDIMENTO_TEXTS.anexoTipo;
  return null;
}

/** The composer's selected files for one conversation: previews, upload progress, failures that stay for a retry. */
export function useAnexos(atendimentoId?: string) {
  const [anexos, setAnexos] = useState<TAnexo[]>([]);
  const vivos = useRef(anexos);
  vivos.current = anexos;
  useEffect(
    () => () => {
      for (const a of vivos.current) if (a.preview) URL.revokeObjectURL(a.preview);
    },
    [],
  );

  const patch = (key: string, p: Partial<TAnexo>) => setAnexos((list) => list.map((a) => (a.key === key ? { ...a, ...p } : a)));

  const adicionar = (files: Iterable<File>) => {
    const novos: TAnexo[] = [];
    for (const file of files) {
      const invalido = validarAnexo(file);
      if (invalido) {
        toast.error(invalido, file.name);
        continue;
      }
      novos.push({
        key: crypto.randomUUID(),
        file,
        preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
        progresso: 0,
        estado: 'pronto',
      });
    }
    setAnexos((list) => [...list, ...novos]);
  };

  const remover = (key: string) =>
    setAnexos((list) => {
      const alvo = list.find((a) => a.key === key);
      if (alvo?.preview) URL.revokeObjectURL(alvo.preview);
      return list.filter((a) => a.key !== key);
    });

  /** Uploads every file in order; each success is handed on (to be sent) and leaves the tray. */
  const enviarTodos = async (onEnviado: (u: TUploadAnswer, indice: number) => void) => {
    let enviados = 0;
    for (const a of vivos.current.filter((x) => x.estado !== 'enviando')) {
      patch(a.key, { estado: 'enviando', progresso: 0, erro: undefined });
      try {
        const u = await uploadAnexo(a.file, (progresso) => patch(a.key, { progresso }), undefined, atendimentoId);
        onEnviado(u, enviados++);
        remover(a.key);
      } catch (err) {
        const erro = errorMessage(err, UPLOAD_TEXTS.falhou(a.file.name));
        patch(a.key, { estado: 'erro', erro });
        const titulo = UPLOAD_TEXTS.falhou(a.file.name);
        toast.error(titulo, erro === titulo ? undefined : erro);
      }
    }
    return enviados;
  };

  return { anexos, adicionar, remover, enviarTodos, enviando: anexos.some((a) => a.estado === 'enviando') };
}
