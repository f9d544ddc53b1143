import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAUSA_ENTRE_ARQUIVOS_MS, type TUploadArquivoAnswer } from '@balcao/shared/chat-interno';
import { sendComposicao } from './composer-send';
import type { TNovaMensagem } from './send';

const upload = (key: string): TUploadArquivoAnswer => ({
  url: `/backend/uploads/chat-interno/${key}.png`,
  tipo: 'image',
  nomeArquivo: `${key}.png`,
  tamanho: 10,
  mimeType: 'image/png',
});

function setup(falham: string[] = []) {
  const enviadas: { at: number; m: TNovaMensagem }[] = [];
  const deps = {
    enviar: (m: TNovaMensagem) => void enviadas.push({ at: Date.now(), m }),
    subir: vi.fn(async (key: string) => (falham.includes(key) ? null : upload(key))),
    textoEnviado: vi.fn(),
  };
  return { enviadas, deps };
}

describe('sendComposicao (spec part 2 §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('needs text or a file', async () => {
    const { enviadas, deps } = setup();
    await sendComposicao('   ', [], deps);
    expect(enviadas).toHaveLength(0);
    expect(deps.textoEnviado).not.toHaveBeenCalled();
  });

  it('sends plain text trimmed', async () => {
    const { enviadas, deps } = setup();
    await sendComposicao('  oi  ', [], deps);
    expect(enviadas.map((e) => e.m)).toEqual([{ tipo: 'text', texto: 'oi' }]);
    expect(deps.textoEnviado).toHaveBeenCalledOnce();
  });

  it('one file carries the text as its caption; a failed upload keeps the text', async () => {
    const { enviadas, deps } = setup();
    await sendComposicao('legenda', ['a'], deps);
    expect(enviadas.map((e) => e.m)).toEqual([{ tipo: 'image', texto: 'legenda', midiaUrl: upload('a').url, nomeArquivo: 'a.png' }]);
    const falha = setup(['a']);
    await sendComposicao('legenda', ['a'], falha.deps);
    expect(falha.enviadas).toHaveLength(0);
    expect(falha.deps.textoEnviado).not.toHaveBeenCalled();
  });

  it('several files: the text first, then each file 200 ms after the one before, skipping failures', async () => {
    const { enviadas, deps } = setup(['b']);
    const done = sendComposicao('olá', ['a', 'b', 'c'], deps);
    await vi.runAllTimersAsync();
    await done;
    expect(enviadas.map((e) => [e.m.tipo, e.m.texto, e.m.nomeArquivo ?? null])).toEqual([
      ['text', 'olá', null],
      ['image', '', 'a.png'],
      ['image', '', 'c.png'],
    ]);
    expect(enviadas.map((e) => e.at)).toEqual([0, PAUSA_ENTRE_ARQUIVOS_MS, PAUSA_ENTRE_ARQUIVOS_MS * 2]);
    expect(deps.textoEnviado).toHaveBeenCalledOnce();
  });
});
