// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { View, type ViewHandlers } from './view';

const handlers = (): ViewHandlers => ({
  toggle: vi.fn(),
  send: vi.fn(),
  files: vi.fn(),
  typing: vi.fn(),
  retry: vi.fn(),
  loadOlder: vi.fn(),
  preChat: vi.fn(async () => null),
  popout: () => {},
});
const config = {
  nome: 'Loja Azul',
  cor: '#facc15',
  saudacao: 'Oi!',
  camposPreChat: ['nome', 'email'] as ('nome' | 'email')[],
  departamentos: [],
  verificarIdentidade: false,
  consentimento: null,
};

describe('View', () => {
  let on: ViewHandlers;
  let view: View;
  let $: <E extends Element>(sel: string) => E;
  beforeEach(() => {
    document.body.innerHTML = '';
    on = handlers();
    view = new View(false, 'https://chat.example.com', on);
    document.body.append(view.host);
    view.setBrand(config.nome, config.cor);
    view.setFooter({ kind: 'composer' });
    $ = (sel) => view.host.shadowRoot!.querySelector(sel)!;
  });

  it('has an accessible bubble and a labelled dialog, with text colour by contrast', () => {
    const bubble = $<HTMLButtonElement>('.launcher');
    expect(bubble.getAttribute('aria-label')).toBe('Abrir chat');
    bubble.click();
    expect(on.toggle).toHaveBeenCalledWith(true);
    view.setOpen(true);
    expect(bubble.getAttribute('aria-label')).toBe('Fechar chat');
    expect($('[role=dialog]').getAttribute('aria-label')).toBe('Chat com Loja Azul');
    expect($<HTMLElement>('.root').style.getPropertyValue('--bt')).toBe('#000000');
  });

  it('shows the unread count on the bubble, capped', () => {
    view.setBadge(3);
    expect($('.badge').textContent).toBe('3');
    view.setBadge(120);
    expect($('.badge').textContent).toBe('99+');
    view.setBadge(0);
    expect($('.badge').textContent).toBe('');
  });

  it('sends on Enter, keeps Shift+Enter for a new line, closes on Escape', () => {
    view.setOpen(true);
    const box = $<HTMLTextAreaElement>('textarea');
    box.value = 'Olá, tudo bem?';
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true }));
    expect(on.send).not.toHaveBeenCalled();
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(on.send).toHaveBeenCalledWith('Olá, tudo bem?');
    expect(box.value).toBe('');
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(on.toggle).toHaveBeenCalledWith(false);
  });

  it('shows the pre-chat form and a blocking error instead of the composer', () => {
    view.setFooter({ kind: 'prechat', config });
    expect($('form.prechat')).not.toBeNull();
    expect([...view.host.shadowRoot!.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['Nome', 'E-mail']);
    view.setFooter({ kind: 'blocked', message: 'Este site não tem permissão para usar este chat.' });
    expect($('textarea')).toBeNull();
    expect($('.blocked').textContent).toBe('Este site não tem permissão para usar este chat.');
  });

  it('renders the greeting first and the status line', () => {
    view.render({ items: [], saudacao: 'Oi! <b>bem-vindo</b>', nome: 'Loja Azul', hasMore: false, loadingOlder: false, loading: false });
    expect($('.log .bubble').textContent).toBe('Oi! <b>bem-vindo</b>');
    view.setStatus('Em atendimento com Carlos');
    expect($('.status').textContent).toBe('Em atendimento com Carlos');
  });

  it('shows the channel’s consent box unticked and sends the opt-in only once ticked', async () => {
    view.setFooter({ kind: 'prechat', config: { ...config, camposPreChat: [], consentimento: 'Aceito receber mensagens pelo WhatsApp.' } });
    const box = $<HTMLInputElement>('input[name="consentimento"]');
    expect(box.checked).toBe(false);
    expect($('label.consent').textContent).toBe('Aceito receber mensagens pelo WhatsApp.');
    box.checked = true;
    $<HTMLFormElement>('form.prechat').dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(on.preChat).toHaveBeenCalledWith({ consentimento: true }));
  });
});
