import { PAUSA_ENTRE_ARQUIVOS_MS, type TUploadArquivoAnswer } from '@balcao/shared/chat-interno';
import type { TNovaMensagem } from './send';

type TDeps = {
  enviar: (nova: TNovaMensagem) => void;
  /** Uploads one selected file; null when it failed (it then stays in the grid). */
  subir: (key: string) => Promise<TUploadArquivoAnswer | null>;
  /** The text has left: the composer may clear its box. */
  textoEnviado: () => void;
  esperar?: (ms: number) => Promise<void>;
};

const pausa = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const comoMidia = (u: TUploadArquivoAnswer, texto: string): TNovaMensagem => ({
  tipo: u.tipo,
  texto,
  midiaUrl: u.url,
  nomeArquivo: u.nomeArquivo,
});

/**
 * Spec part 2 §4 "Sending internal messages": non-empty text or at least one file. One file carries the text as its
 * caption; with several, the text goes first as its own message and the files follow, 200 ms apart, in order.
 */
export async function sendComposicao(texto: string, arquivos: readonly string[], deps: TDeps): Promise<void> {
  const esperar = deps.esperar ?? pausa;
  const t = texto.trim();
  if (!t && arquivos.length === 0) return;
  if (arquivos.length === 0) {
    deps.enviar({ tipo: 'text', texto: t });
    return deps.textoEnviado();
  }
  if (arquivos.length === 1) {
    // The caption waits for its file: if the upload fails, the text stays in the box.
    const u = await deps.subir(arquivos[0]!);
    if (!u) return;
    deps.enviar(comoMidia(u, t));
    return deps.textoEnviado();
  }
  let algumEnviado = false;
  if (t) {
    deps.enviar({ tipo: 'text', texto: t });
    deps.textoEnviado();
    algumEnviado = true;
  }
  for (const key of arquivos) {
    const u = await deps.subir(key);
    if (!u) continue;
    if (algumEnviado) await esperar(PAUSA_ENTRE_ARQUIVOS_MS);
    deps.enviar(comoMidia(u, ''));
    algumEnviado = true;
  }
}
