// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderMessage } from './render-message';
import type { Item } from './thread';

const base = 'https://chat.example.com';
const item = (over: Partial<Item> = {}): Item => ({
  id: 'm1',
  key: 'm1',
  clientId: null,
  autor: 'atendente',
  atendenteNome: 'Carlos',
  tipo: 'text',
  conteudo: 'Olá',
  midia: null,
  criadaEm: '2025-01-01T12:00:00.000Z',
  editada: false,
  apagada: false,
  ...over,
});
const render = (m: Item, onRetry = vi.fn()) => renderMessage(m, { base, showAuthor: true, onRetry });

describe('renderMessage', () => {
  it('puts message text in as text, never as HTML', () => {
    const el = render(item({ conteudo: '<img src=x onerror="alert(1)"><script>alert(2)</script>', atendenteNome: '<b>Eve</b>' }));
    expect(el.querySelector('img, script, b')).toBeNull();
    expect(el.querySelector('.text')!.textContent).toBe('<img src=x onerror="alert(1)"><script>alert(2)</script>');
    expect(el.querySelector('.author')!.textContent).toBe('<b>Eve</b>');
  });

  it('makes http links clickable in a new tab and leaves other schemes as text', () => {
    const el = render(item({ conteudo: 'Veja https://ex.com/x e javascript:alert(1)' }));
    const links = el.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://ex.com/x');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toContain('noopener');
  });

  it('shows the attendant name on their messages, not on the visitor’s', () => {
    expect(render(item()).querySelector('.author')!.textContent).toBe('Carlos');
    const mine = render(item({ autor: 'cliente', atendenteNome: null }));
    expect(mine.classList.contains('mine')).toBe(true);
    expect(mine.querySelector('.author')).toBeNull();
  });

  it('previews images from the chat host and refuses script URLs', () => {
    const img = render(item({ midia: { url: '/backend/u/a.png', mimeType: 'image/png', filename: 'a.png', size: 10 } }));
    expect(img.querySelector('img')!.getAttribute('src')).toBe(`${base}/backend/u/a.png`);
    const bad = render(item({ midia: { url: 'javascript:alert(1)', mimeType: 'image/png', filename: 'a.png', size: 10 } }));
    expect(bad.querySelector('img, a[href]')).toBeNull();
    expect(bad.querySelector('.file-name')!.textContent).toBe('a.png');
  });

  it('shows other files as a card with name and size', () => {
    const el = render(
      item({ midia: { url: '/backend/u/r.pdf', mimeType: 'application/pdf', filename: 'relatório.pdf', size: 2 * 1024 * 1024 } }),
    );
    const card = el.querySelector('a.file')!;
    expect(card.getAttribute('href')).toBe(`${base}/backend/u/r.pdf`);
    expect(card.textContent).toContain('relatório.pdf');
    expect(card.textContent).toContain('2 MB');
  });

  it('shows a pending tick, and a retry button when sending failed', () => {
    expect(
      render(item({ autor: 'cliente', estado: 'pendente', clientId: 'c1' }))
        .querySelector('.tick')!
        .getAttribute('aria-label'),
    ).toBe('Enviando');
    const onRetry = vi.fn();
    const failed = render(item({ autor: 'cliente', estado: 'falhou', clientId: 'c1', erro: 'Aguarde um instante.' }), onRetry);
    expect(failed.querySelector('.failed')!.textContent).toContain('Aguarde um instante.');
    failed.querySelector<HTMLButtonElement>('.failed button')!.click();
    expect(onRetry).toHaveBeenCalledWith('c1');
  });

  it('hides the content of a deleted message', () => {
    const el = render(item({ apagada: true, conteudo: 'segredo' }));
    expect(el.textContent).not.toContain('segredo');
    expect(el.textContent).toContain('Mensagem apagada');
  });
});
