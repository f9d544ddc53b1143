// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findScript, readOptions } from './script';

describe('script options', () => {
  it('finds its tag and talks to the host that served it, not the embedding site', () => {
    document.body.innerHTML = '<script src="https://chat.example.com/widget.js" data-canal="tok-1"></script>';
    const opts = readOptions(findScript(document)!, 'https://loja.example.org/produtos');
    expect(opts).toEqual({
      canal: 'tok-1',
      origin: 'https://chat.example.com',
      backend: 'https://chat.example.com/backend',
      pagina: false,
    });
  });

  it('reads the full-page mode, and never a visitor from the page (it comes from the opener by postMessage)', () => {
    document.body.innerHTML = '<script src="/widget.js" data-canal="tok" data-modo="pagina" data-visitante="v-9"></script>';
    const opts = readOptions(findScript(document)!, location.href);
    expect(opts).toEqual({ canal: 'tok', origin: location.origin, backend: `${location.origin}/backend`, pagina: true });
  });

  it('does nothing without a channel', () => {
    document.body.innerHTML = '<script src="https://chat.example.com/widget.js"></script>';
    expect(findScript(document)).toBeNull();
  });
});
