// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { Ajuda } from './ajuda';
import type { Api } from './api';
import { artigoHtml } from './artigo-html';

const html = (s: string) => {
  const div = document.createElement('div');
  div.append(artigoHtml(s));
  return div.innerHTML;
};

describe('artigoHtml', () => {
  it('keeps the Markdown tags and drops scripts, handlers and javascript: links', () => {
    expect(html('<p>Oi <strong>a</strong> <mark>b</mark></p>')).toBe('<p>Oi <strong>a</strong> <mark>b</mark></p>');
    expect(html('<img src="/u/x.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>')).toBe(
      '<img src="/u/x.png"><a target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(html('<a href="https://loja.com.br/a">ok</a>')).toBe(
      '<a href="https://loja.com.br/a" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(html('<div><iframe src="https://x"></iframe>texto</div>')).toBe('texto');
  });
});

describe('Ajuda', () => {
  it('searches the centre, opens an article in place, answers "ajudou?" and goes back', async () => {
    const api = {
      ajudaBusca: vi.fn(async () => [
        { id: 'd1', titulo: 'Entrega em Conceição', trechoHtml: 'prazo em <mark>Conceição</mark>', url: null },
      ]),
      ajudaArtigo: vi.fn(async () => ({ id: 'd1', titulo: 'Entrega em Conceição', html: '<p>Chega em 3 dias.</p>', url: 'https://b/x' })),
      ajudaVoto: vi.fn(async () => null),
    } as unknown as Api;
    const lendo = vi.fn();
    const a = new Ajuda(api, 'u', lendo);
    document.body.append(a.el);
    a.set(true);
    const input = a.el.querySelector('input')!;
    expect(a.el.querySelector('label')!.textContent).toBe('Procurar na central de ajuda');
    input.value = 'conceicao';
    a.el.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(a.el.querySelector('.achado')).not.toBeNull());
    expect(api.ajudaBusca).toHaveBeenCalledWith('conceicao');
    expect(a.el.querySelector('.achado-trecho mark')!.textContent).toBe('Conceição');
    a.el.querySelector<HTMLButtonElement>('.achado')!.click();
    await vi.waitFor(() => expect(a.el.querySelector('.artigo-corpo')?.textContent).toBe('Chega em 3 dias.'));
    expect(lendo).toHaveBeenLastCalledWith(true);
    const sim = [...a.el.querySelectorAll<HTMLButtonElement>('.voto')].find((b) => b.textContent === 'Sim')!;
    sim.click();
    expect(a.el.querySelector('.ajudou')!.textContent).toBe('Obrigado pela resposta!');
    expect(api.ajudaVoto).toHaveBeenCalledWith('d1', true);
    a.el.querySelector<HTMLButtonElement>('.voltar')!.click();
    expect(lendo).toHaveBeenLastCalledWith(false);
    expect(a.el.querySelector<HTMLElement>('.artigo')!.hidden).toBe(true);
  });
});
