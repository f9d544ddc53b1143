import { CHAT_INTERNO_VALIDACAO as V, tipoPorMime, ZUploadArquivoAnswer, type TUploadArquivoAnswer } from '@balcao/shared/chat-interno';
import { API_BASE, ApiError, mensagemDoCorpo, refreshToken } from '@/lib/http';
import { getToken } from '@/lib/session-store';
import { CHAT_API } from './api';

type TResposta = { status: number; corpo: unknown };

const lerJson = (texto: string): unknown => {
  try {
    return texto ? JSON.parse(texto) : null;
  } catch {
    // Spec §5: the answer may be the URL as a plain string.
    return texto;
  }
};

/** One multipart POST through XHR, which (unlike fetch) reports upload progress for the DESIGN's bar. */
function postar(file: File, token: string | null, progresso: (fracao: number) => void): Promise<TResposta> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${CHAT_API}/upload-arquivo`);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (e) => e.lengthComputable && progresso(e.loaded / e.total));
    xhr.addEventListener('load', () => resolve({ status: xhr.status, corpo: lerJson(xhr.responseText) }));
    xhr.addEventListener('error', () => reject(new ApiError(0, V.falhaUpload(file.name))));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * Spec §5/§7 upload: multipart field `file`; the answer must carry a url (object field or plain string), else
 * 'URL não recebida do servidor após upload'. A 401 refreshes the token once, as `request` does.
 */
export async function uploadArquivo(file: File, progresso: (fracao: number) => void): Promise<TUploadArquivoAnswer> {
  const token = getToken();
  let r = await postar(file, token, progresso);
  if (r.status === 401 && token) {
    const novo = await refreshToken();
    if (novo) r = await postar(file, novo, progresso);
  }
  if (r.status < 200 || r.status >= 300) {
    // Spec part 2 §8: errors, detail, message, a plain string, then the fallback.
    throw new ApiError(r.status, mensagemDoCorpo(r.corpo) ?? V.falhaUpload(file.name), undefined, undefined, r.corpo);
  }
  if (typeof r.corpo === 'string' && r.corpo) {
    return { url: r.corpo, tipo: tipoPorMime(file.type), nomeArquivo: file.name, tamanho: file.size, mimeType: file.type };
  }
  const parsed = ZUploadArquivoAnswer.safeParse(r.corpo);
  if (!parsed.success || !parsed.data.url) throw new ApiError(r.status, V.urlNaoRecebida);
  return parsed.data;
}
