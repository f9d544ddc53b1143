import { API_BASE, ApiError, mensagemDoCorpo, refreshToken } from '@/lib/http';
import { getToken } from '@/lib/session-store';
import { ZUploadAnswer, type TUploadAnswer } from './api';

/** Spec part 2 §8 (Upload). */
export const UPLOAD_TEXTS = {
  semUrl: 'URL não recebida do servidor após upload',
  falhou: (filename: string) => `Falha ao fazer upload do arquivo ${filename}`,
} as const;

type TRaw = { status: number; text: string };

/** fetch cannot report upload progress; XHR can, and the DESIGN asks for a bar. */
function post(url: string, file: File, token: string | null, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<TRaw> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, UPLOAD_TEXTS.falhou(file.name)));
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/**
 * POST /api/atendimento/upload (multipart `file`), refreshing the token once on 401 like `request`. With the
 * conversation's id the server fits the file to its channel now (converts it, or refuses it in Portuguese).
 */
export async function uploadAnexo(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  atendimentoId?: string,
): Promise<TUploadAnswer> {
  const url = `${API_BASE}/api/atendimento/upload${atendimentoId ? `?atendimentoId=${encodeURIComponent(atendimentoId)}` : ''}`;
  const token = getToken();
  let res = await post(url, file, token, onProgress, signal);
  if (res.status === 401 && token) {
    const fresh = await refreshToken();
    if (fresh) res = await post(url, file, fresh, onProgress, signal);
  }
  let data: unknown;
  try {
    data = res.text ? JSON.parse(res.text) : undefined;
  } catch {
    data = res.text; // a plain-string answer
  }
  if (res.status < 200 || res.status >= 300) {
    // Spec part 2 §8: errors, detail, message, a plain string, then the fallback.
    throw new ApiError(res.status, mensagemDoCorpo(data) ?? UPLOAD_TEXTS.falhou(file.name), undefined, undefined, data);
  }
  const parsed = ZUploadAnswer.safeParse(data);
  if (!parsed.success || !parsed.data.url) throw new ApiError(res.status, UPLOAD_TEXTS.semUrl);
  return parsed.data;
}
