import type { TWidgetConfig, TWidgetMessage, TWidgetSession, TWidgetUpload, TWidgetUser } from '@balcao/shared/widget';
import { ANEXO_TEXTS, T, VISITOR_TOKEN_HEADER } from './texts';

export type MensagensPage = { mensagens: TWidgetMessage[]; hasMore: boolean; cursor: string | null };

/** An HTTP failure with the server's Portuguese message; status 0 means the network itself failed. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const errorOf = (status: number, body: unknown) => {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) return new ApiError(message, status);
  return new ApiError(status === 413 ? ANEXO_TEXTS.anexoTamanho : T.erroGenerico, status);
};

/** The public widget calls (the API reference, /backend/docs), under `<chat host>/backend`. */
export function createApi(backend: string, canal: string) {
  const base = `${backend}/api/public/widget/${encodeURIComponent(canal)}`;

  async function call<R>(path: string, init?: RequestInit): Promise<R> {
    let res: Response;
    try {
      // No cookies: the visitor is known by the token it carries, never by the site's cookies.
      res = await fetch(base + path, { credentials: 'omit', ...init });
    } catch {
      throw new ApiError(T.semConexao, 0);
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw errorOf(res.status, body);
    return body as R;
  }

  return {
    config: () => call<TWidgetConfig>('/config'),
    /** The linked help centre: search (excerpts as escaped HTML with <mark>), one article, its vote. */
    ajudaBusca: (q: string) =>
      call<{ id: string; titulo: string; trechoHtml: string; url: string | null }[]>(`/ajuda/busca?${new URLSearchParams({ q })}`),
    ajudaArtigo: (id: string) =>
      call<{ id: string; titulo: string; html: string; url: string }>(`/ajuda/documentos/${encodeURIComponent(id)}`),
    ajudaVoto: (id: string, util: boolean) =>
      call<null>(`/ajuda/documentos/${encodeURIComponent(id)}/ajudou`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ util }),
      }),
    sessao: (visitante: string | null, user: TWidgetUser | null) =>
      call<TWidgetSession>('/sessao', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitante, user }),
      }),
    // The token goes in a header, never in the URL (URLs are written to server and proxy logs).
    mensagens: (visitante: string, antesDe?: string | null) =>
      call<MensagensPage>(`/mensagens${antesDe ? `?${new URLSearchParams({ antesDe })}` : ''}`, {
        headers: { [VISITOR_TOKEN_HEADER]: visitante },
      }),
    /** XHR rather than fetch: fetch cannot report upload progress, and the visitor should see the bar move. */
    upload: (file: File, visitante: string, progress: (fraction: number) => void) =>
      new Promise<TWidgetUpload>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${base}/upload`);
        xhr.setRequestHeader(VISITOR_TOKEN_HEADER, visitante);
        xhr.upload.onprogress = (e) => e.lengthComputable && progress(e.loaded / e.total);
        xhr.onerror = () => reject(new ApiError(T.semConexao, 0));
        xhr.onload = () => {
          let body: unknown = null;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            /* not JSON: errorOf falls back to a generic text */
          }
          if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as TWidgetUpload);
          else reject(errorOf(xhr.status, body));
        };
        const form = new FormData();
        form.append('file', file, file.name);
        xhr.send(form);
      }),
  };
}
export type Api = ReturnType<typeof createApi>;
