// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_INTERNO_VALIDACAO as V } from '@balcao/shared/chat-interno';
import { uploadArquivo } from './upload';

/** An XHR that answers at once with a status and a body, and records what was sent. */
function fakeXhr(status: number, body: string) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = status;
    responseText = body;
    withCredentials = false;
    upload = {
      addEventListener: (_: string, l: (e: { lengthComputable: boolean; loaded: number; total: number }) => void) =>
        l({ lengthComputable: true, loaded: 1, total: 2 }),
    };
    private ls = new Map<string, () => void>();
    open() {}
    setRequestHeader() {}
    addEventListener(ev: string, l: () => void) {
      this.ls.set(ev, l);
    }
    send(f: FormData) {
      sent.push(f);
      queueMicrotask(() => this.ls.get('load')?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const file = new File(['x'], 'relatorio.pdf', { type: 'application/pdf' });

describe('uploadArquivo (spec part 2 §5/§7/§8 upload)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the multipart field "file" and reads url from the answer object, reporting progress', async () => {
    const answer = {
      url: '/backend/uploads/chat-interno/a.pdf',
      tipo: 'document',
      nomeArquivo: 'relatorio.pdf',
      tamanho: 1,
      mimeType: 'application/pdf',
    };
    const sent = fakeXhr(200, JSON.stringify(answer));
    const progresso = vi.fn();
    await expect(uploadArquivo(file, progresso)).resolves.toEqual(answer);
    expect(sent[0]!.get('file')).toBeInstanceOf(File);
    expect(progresso).toHaveBeenCalledWith(0.5);
  });

  it('accepts the url as a plain string', async () => {
    fakeXhr(200, '/backend/uploads/chat-interno/b.pdf');
    await expect(uploadArquivo(file, () => {})).resolves.toMatchObject({
      url: '/backend/uploads/chat-interno/b.pdf',
      tipo: 'document',
      nomeArquivo: 'relatorio.pdf',
    });
  });

  it("without a url: 'URL não recebida do servidor após upload'", async () => {
    fakeXhr(200, JSON.stringify({ ok: true }));
    await expect(uploadArquivo(file, () => {})).rejects.toThrow(V.urlNaoRecebida);
  });

  it("a refusal shows the server's text, else 'Falha ao fazer upload do arquivo {filename}'", async () => {
    fakeXhr(400, JSON.stringify({ message: 'Tipo de arquivo não permitido', code: 'X' }));
    await expect(uploadArquivo(file, () => {})).rejects.toThrow('Tipo de arquivo não permitido');
    fakeXhr(500, '');
    await expect(uploadArquivo(file, () => {})).rejects.toThrow(V.falhaUpload('relatorio.pdf'));
  });

  it('reads a 400 in the spec order: errors, detail, message, a plain string, then the fallback', async () => {
    fakeXhr(400, JSON.stringify({ errors: { file: ['Arquivo vazio', 'outro'] }, detail: 'd', message: 'm' }));
    await expect(uploadArquivo(file, () => {})).rejects.toThrow('Arquivo vazio');
    fakeXhr(400, JSON.stringify({ detail: 'Tamanho acima do limite', message: 'm' }));
    await expect(uploadArquivo(file, () => {})).rejects.toThrow('Tamanho acima do limite');
    fakeXhr(400, 'Upload recusado');
    await expect(uploadArquivo(file, () => {})).rejects.toThrow('Upload recusado');
    fakeXhr(502, '<html><body>Bad Gateway</body></html>');
    await expect(uploadArquivo(file, () => {})).rejects.toThrow(V.falhaUpload('relatorio.pdf'));
  });
});
