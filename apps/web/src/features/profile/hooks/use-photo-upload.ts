import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PROFILE_TEXTS, validateFoto } from '@balcao/shared/usuarios';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { uploadFoto, usePatchCurrentUser } from '../api';

/** Spec part 1 §2, §4: the photo area's states. */
export type PhotoState = 'idle' | 'dragging' | 'uploading' | 'error';

/** Loads the image into the browser cache so the avatar swaps without flashing the initials. */
const preload = (src: string) =>
  new Promise<void>((resolve) => {
    const img = new Image();
    img.onload = img.onerror = () => resolve();
    img.src = src;
  });

/** Picks (click or drop), checks, previews and uploads a profile photo; on failure the previous photo comes back. */
export function usePhotoUpload() {
  const patchUser = usePatchCurrentUser();
  // Toasts live on the mutation (not on `mutate`) so they still show if the dialog closes mid-upload.
  const upload = useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const url = await uploadFoto(file, onProgress);
      await preload(url);
      return url;
    },
    onSuccess: (fotoUrl) => {
      patchUser({ fotoUrl });
      toast.success('Sucesso', PROFILE_TEXTS.fotoSucesso);
    },
    onError: (err) => toast.error(errorMessage(err, PROFILE_TEXTS.fotoErroToast)),
  });
  const [state, setState] = useState<PhotoState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  // A local preview of the chosen file while it uploads; null shows the saved photo.
  const [preview, setPreview] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // dragenter/dragleave also fire on children; counting them avoids flicker.
  const dragDepth = useRef(0);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const send = (file: File) => {
    const invalid = validateFoto(file);
    if (invalid) {
      setState('error');
      setError(invalid);
      toast.error(invalid);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    setError(null);
    setState('uploading');
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => setState('idle'),
        onError: () => {
          setState('error');
          setError(PROFILE_TEXTS.fotoErroInline);
        },
        // Either way the cache (new photo) or nothing (old photo) is what the avatar shows next.
        onSettled: () => setPreview(null),
      },
    );
  };

  const uploading = state === 'uploading';
  const onInputChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again must fire change again
    if (file) send(file);
  };
  const openPicker = () => inputRef.current?.click();

  const dropHandlers = {
    onDragEnter: (e: DragEvent) => {
      e.preventDefault();
      if (uploading) return;
      dragDepth.current += 1;
      setState('dragging');
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      e.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
    },
    onDragLeave: (e: DragEvent) => {
      e.preventDefault();
      if (uploading) return;
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setState(error ? 'error' : 'idle');
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      dragDepth.current = 0;
      if (uploading) return;
      const file = e.dataTransfer.files[0];
      if (file) send(file);
      else setState(error ? 'error' : 'idle');
    },
  };

  return { state, error, progress, preview, inputRef, onInputChange, openPicker, dropHandlers };
}
