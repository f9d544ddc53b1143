import type { TPreChat, TWidgetConfig } from '@balcao/shared/widget';
import { composer, type ComposerHandlers } from './composer';
import { brandColor, textOn } from './contrast';
import { h, icon } from './dom';
import { formatUnread } from './format';
import { MessageList, type ListState } from './message-list';
import type { Notice } from './notice';
import { preChatForm } from './prechat';
import { CSS } from './styles';
import { T } from './texts';

export type ViewHandlers = ComposerHandlers & {
  toggle: (open: boolean) => void;
  retry: (clientId: string) => void;
  loadOlder: () => void;
  preChat: (p: TPreChat) => Promise<string | null>;
  /** "Abrir em nova janela": the chat opens the popout (and answers it the visitor when it asks). */
  popout: () => void;
};
export type Footer = { kind: 'composer' } | { kind: 'prechat'; config: TWidgetConfig } | { kind: 'blocked'; message: string };

let seq = 0;
const THEIR_TYPING_MS = 8000;

/** The widget's DOM inside a shadow root: bubble, window, header, notices, log and footer. No network here. */
export class View {
  readonly host = h('div', { 'data-balcao-widget': '' });
  readonly list: MessageList;
  private readonly root = h('div', { class: 'root' });
  private readonly uid = `bw${++seq}`;
  private readonly launcher = h('button', { type: 'button', class: 'launcher', 'aria-expanded': 'false' });
  private readonly badge = h('span', { class: 'badge', 'aria-hidden': 'true' });
  private readonly badgeSr = h('span', { class: 'sr' });
  private readonly avatar = h('div', { class: 'avatar', 'aria-hidden': 'true' });
  private readonly title = h('div', { class: 'title', id: `${this.uid}-t` });
  private readonly status = h('div', { class: 'status', role: 'status' });
  private readonly notice = h('div', { class: 'notice', hidden: true });
  private readonly typing = h('div', { class: 'typing', 'aria-live': 'polite' });
  private readonly footer = h('div', { class: 'foot' });
  private readonly panel: HTMLElement;
  private readonly input: ReturnType<typeof composer>;
  private footerKind = '';
  private typingTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly pagina: boolean,
    base: string,
    private readonly on: ViewHandlers,
  ) {
    this.list = new MessageList({ base, onRetry: on.retry, onLoadOlder: on.loadOlder });
    this.input = composer(this.uid, on);
    const popout = h(
      'button',
      { type: 'button', class: 'icon-btn', 'aria-label': T.popout, title: T.popout, onclick: () => this.popout() },
      icon('popout', 18),
    );
    const close = h(
      'button',
      { type: 'button', class: 'icon-btn', 'aria-label': T.fechar, title: T.fechar, onclick: () => on.toggle(false) },
      icon('close', 20),
    );
    this.panel = h(
      'section',
      { class: 'panel', role: 'dialog', 'aria-labelledby': this.title.id, hidden: !pagina },
      h('header', null, this.avatar, h('div', { class: 'heading' }, this.title, this.status), !pagina && popout, !pagina && close),
      this.notice,
      this.list.el,
      this.typing,
      this.footer,
    );
    this.panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !this.pagina) {
        e.stopPropagation();
        on.toggle(false);
      }
    });
    const chat = icon('chat', 26);
    const close2 = icon('close', 26);
    chat.classList.add('i-chat');
    close2.classList.add('i-close');
    this.launcher.append(chat, close2, this.badge, this.badgeSr);
    this.launcher.addEventListener('click', () => on.toggle(this.panel.hidden));
    this.root.classList.toggle('pagina', pagina);
    this.root.append(...(pagina ? [this.panel] : [this.panel, this.launcher]));
    const shadow = this.host.attachShadow({ mode: 'open' });
    shadow.append(h('style', null, CSS), this.root);
    this.setOpen(pagina, false);
  }

  private popout() {
    this.on.popout();
    this.on.toggle(false);
  }

  setBrand(nome: string, cor: string) {
    const bc = brandColor(cor);
    this.root.style.setProperty('--bc', bc);
    this.root.style.setProperty('--bt', textOn(bc));
    this.title.textContent = nome;
    this.avatar.textContent = nome.trim().charAt(0).toUpperCase();
    this.panel.setAttribute('aria-label', T.janela(nome));
  }

  setOpen(open: boolean, focus = true) {
    if (!this.pagina) this.panel.hidden = !open;
    this.root.classList.toggle('open', open);
    this.launcher.setAttribute('aria-expanded', String(open));
    this.launcher.setAttribute('aria-label', open ? T.fechar : T.abrir);
    if (!open) {
      // Focus was in the window that just disappeared: give it back to the bubble, not to the page top.
      if (focus && this.host.shadowRoot?.activeElement) this.launcher.focus();
      return;
    }
    this.list.toBottom();
    // On touch screens focusing the box would throw the keyboard over the conversation the visitor opened to read.
    if (focus && !window.matchMedia?.('(pointer: coarse)').matches) this.focusInput();
  }

  private focusInput() {
    if (this.footerKind === 'composer') this.input.focus();
    else this.footer.querySelector<HTMLElement>('input,select,button')?.focus();
  }

  setBadge(n: number) {
    this.badge.textContent = n > 0 ? formatUnread(n) : '';
    this.badgeSr.textContent = n > 0 ? T.naoLidas(formatUnread(n)) : '';
  }

  setStatus(text: string) {
    this.status.textContent = text;
  }

  setNotice(n: Notice) {
    this.notice.hidden = !n;
    if (!n) return;
    this.notice.className = `notice ${n.kind}`;
    this.notice.setAttribute('role', n.kind === 'error' ? 'alert' : 'status');
    this.notice.replaceChildren(
      n.text,
      n.link ? h('a', { href: n.link.href, target: '_blank', rel: 'noopener noreferrer' }, n.link.label) : '',
    );
  }

  /** The attendant's "digitando...": it fades by itself in case the "stopped" never comes (tab closed). */
  setTyping(text: string | null) {
    clearTimeout(this.typingTimer);
    this.typing.textContent = text ?? '';
    if (text) this.typingTimer = setTimeout(() => (this.typing.textContent = ''), THEIR_TYPING_MS);
  }

  setFooter(f: Footer) {
    const key = f.kind === 'blocked' ? `blocked:${f.message}` : f.kind;
    if (key === this.footerKind) return;
    this.footerKind = key;
    if (f.kind === 'composer') this.footer.replaceChildren(this.input.el);
    else if (f.kind === 'prechat') this.footer.replaceChildren(preChatForm(f.config, this.uid, this.on.preChat));
    else this.footer.replaceChildren(h('div', { class: 'blocked', role: 'alert' }, icon('alert', 18), h('span', null, f.message)));
    if (!this.panel.hidden && f.kind !== 'blocked' && this.host.shadowRoot?.activeElement) this.focusInput();
  }

  /** The help centre's search (ajuda.ts), above the log; `lendo` gives an open article the whole window. */
  mountAjuda(el: HTMLElement) {
    this.panel.insertBefore(el, this.list.el);
  }

  setLendo(on: boolean) {
    this.panel.classList.toggle('lendo', on);
  }

  render(state: ListState, stick = false) {
    this.list.render(state, stick);
  }

  get isOpen() {
    return this.pagina || !this.panel.hidden;
  }
}
