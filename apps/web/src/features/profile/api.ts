import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_TEXTS, withCacheBuster, type TCurrentUser } from '@balcao/shared/usuarios';
import { authKeys } from '@/features/auth/api';
import { API_BASE, ApiError, errorMessage, refreshToken, request } from '@/lib/http';
import { toast } from '@/lib/toast';
import { getToken } from '@/lib/session-store';

type XhrResult = { status: number; text: string };

/** One XHR POST: `fetch` cannot report upload progress, and the spec's photo upload shows a bar. */
function postForm(path: string, form: FormData, token: string | null, onProgress: (fraction: number) => void): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, PROFILE_TEXTS.fotoErroToast));
    xhr.send(form);
  });
}

const parse = (text: string): Record<string, unknown> => {
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** POST /Usuario/UploadFotoPerfil (multipart field `foto`); answers the new photo URL, cache-busted. */
export async function uploadFoto(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const form = new FormData();
  form.append('foto', file);
  let res = await postForm('/Usuario/UploadFotoPerfil', form, getToken(), onProgress);
  // Same contract as `request`: an expired token is refreshed once through the rotating cookie.
  if (res.status === 401) {
    const fresh = await refreshToken();
    if (fresh) res = await postForm('/Usuario/UploadFotoPerfil', form, fresh, onProgress);
  }
  const data = parse(res.text);
  if (res.status < 200 || res.status >= 300) {
    throw new ApiError(
      res.status,
      typeof data.message === 'string' ? data.message : PROFILE_TEXTS.fotoErroToast,
      typeof data.code === 'string' ? data.code : undefined,
    );
  }
  const url = [data.fotoUrl, data.url].find((u): u is string => typeof u === 'string' && u.length > 0);
  if (!url) throw new ApiError(res.status, PROFILE_TEXTS.fotoSemUrl, 'NO_URL');
  return withCacheBuster(url);
}

// Toasts live on the mutations (not on `mutate`) so they still show if the dialog closes mid-request.

/** Writes a change into the cached current user so every avatar and name updates at once. */
export function usePatchCurrentUser() {
  const queryClient = useQueryClient();
  return (patch: Partial<TCurrentUser>) =>
    queryClient.setQueryData<TCurrentUser>(authKeys.currentUser, (old) => (old ? { ...old, ...patch } : old));
}

export function useChangeName(userId: string) {
  const queryClient = useQueryClient();
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: (NovoNome: string) => request('PATCH', `/Usuario/ChangeName/${userId}`, null, { NovoNome }),
    onSuccess: async (_data, nome) => {
      // Show the new name at once, then read it back from the server (it trims and is the source of truth).
      patchUser({ nome: nome.trim() });
      toast.success('Sucesso', PROFILE_TEXTS.nomeSucesso);
      await queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
    },
    // The spec's text is the title; the server's reason (e.g. too long) goes beneath it.
    onError: (err) => toast.error(PROFILE_TEXTS.nomeErro, err instanceof ApiError ? err.message : undefined),
  });
}

export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (input: { SenhaAtual: string; NovaSenha: string }) => request('PATCH', `/Usuario/ChangePassword/${userId}`, null, input),
    onSuccess: () => toast.success('Sucesso', PROFILE_TEXTS.senhaSucesso),
    onError: (err) => toast.error(errorMessage(err, PROFILE_TEXTS.senhaErro)),
  });
}
