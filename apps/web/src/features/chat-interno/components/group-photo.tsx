import { useRef, useState } from 'react';
import { Camera, Loader2 } from 'lucide-react';
import {
  CHAT_INTERNO_FALHAS,
  CHAT_INTERNO_SUCESSOS,
  CHAT_INTERNO_VALIDACAO as V,
  formatarTamanho,
  GRUPO_FOTO_MAX_BYTES,
  GRUPO_FOTO_MIME_TYPES,
  type TConversa,
} from '@balcao/shared/chat-interno';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useGrupoMutations } from '../api';
import { toastError } from '../feedback';
import { motivoFoto } from '../permissoes';
import { PARTICIPANTES_TEXTS as T } from '../texts';
import { ConversaAvatar } from './conversa-avatar';

/** Checked before sending; the server checks the bytes again. */
function validarFoto(file: File): string | null {
  if (!(GRUPO_FOTO_MIME_TYPES as readonly string[]).includes(file.type)) return V.fotoGrupoTipo;
  return file.size > GRUPO_FOTO_MAX_BYTES ? V.arquivoGrande(formatarTamanho(GRUPO_FOTO_MAX_BYTES)) : null;
}

/** The group photo; admins click it to upload a new one (multipart `foto`, spec part 2 §5/§7). */
export function GroupPhoto({ conversa, souAdmin }: { conversa: TConversa; souAdmin: boolean }) {
  const { foto } = useGrupoMutations(conversa.id);
  const input = useRef<HTMLInputElement>(null);
  // Spec §7: a timestamp query on the new URL keeps a cached old picture from showing.
  const [nova, setNova] = useState<string | null>(null);
  const atual = { ...conversa, fotoUrl: nova ?? conversa.fotoUrl };

  const escolher = () => {
    const motivo = motivoFoto(souAdmin);
    if (motivo) return toast.error(motivo);
    input.current?.click();
  };
  const enviar = (file: File | undefined) => {
    if (!file) return;
    const invalida = validarFoto(file);
    if (invalida) return toast.error(invalida, file.name);
    foto.mutate(file, {
      onSuccess: (r) => {
        setNova(`${r.fotoUrl}?t=${Date.now()}`);
        toast.success(CHAT_INTERNO_SUCESSOS.fotoAtualizada);
      },
      onError: (err) => toastError(err, CHAT_INTERNO_FALHAS.foto),
    });
  };

  if (!souAdmin) return <ConversaAvatar conversa={atual} className="size-14" />;
  return (
    <>
      <button
        type="button"
        onClick={escolher}
        aria-label={T.alterarFoto}
        title={T.alterarFoto}
        className="group/foto relative shrink-0 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
      >
        <ConversaAvatar conversa={atual} className="size-14" />
        <span
          className={cn(
            'absolute inset-0 flex items-center justify-center rounded-full bg-black/45 text-white opacity-0 transition-opacity group-hover/foto:opacity-100 group-focus-visible/foto:opacity-100',
            foto.isPending && 'opacity-100',
          )}
        >
          {foto.isPending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <Camera className="size-5" aria-hidden />}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={GRUPO_FOTO_MIME_TYPES.join(',')}
        className="hidden"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          enviar(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
