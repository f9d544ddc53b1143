import { h } from './dom';
import { dayLabel, sameDay } from './format';
import { renderMessage, renderText } from './render-message';
import { T } from './texts';
import type { Item } from './thread';

export type ListState = {
  items: Item[];
  /** The channel's greeting, shown first when the history has no older page. */
  saudacao: string | null;
  nome: string;
  hasMore: boolean;
  loadingOlder: boolean;
  loading: boolean;
};

/**
 * The scrolling message log. Rows are keyed and reused while unchanged, so images and players do not
 * reload on every event, and the view stays at the bottom unless the visitor scrolled up to read.
 */
export class MessageList {
  readonly el = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': T.mensagens, tabindex: 0 });
  private rows = new Map<string, { sig: string; el: HTMLElement }>();
  private stuck = true;
  private firstKey = '';
  private readonly older: HTMLButtonElement;

  constructor(private readonly ctx: { base: string; onRetry: (clientId: string) => void; onLoadOlder: () => void }) {
    // Asking for older messages means reading upwards: do not jump to the bottom when they arrive, even if
    // the scroll event of getting here has not fired yet.
    const older = () => {
      this.stuck = false;
      ctx.onLoadOlder();
    };
    this.older = h('button', { type: 'button', class: 'older', onclick: older }, T.carregarAnteriores);
    this.el.addEventListener('scroll', () => (this.stuck = this.distanceFromBottom() < 48));
    // Media load (or fail and show their fallback) after the row is placed and change its height: keep the
    // newest message in view.
    for (const type of ['load', 'error', 'loadedmetadata']) this.el.addEventListener(type, () => this.stuck && this.toBottom(), true);
    // The log also shrinks without scrolling when a notice, the typing line or a taller text box appears.
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => this.stuck && this.toBottom()).observe(this.el);
  }

  private distanceFromBottom() {
    return this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight;
  }

  toBottom() {
    this.el.scrollTop = this.el.scrollHeight;
    this.stuck = true;
  }

  private row(key: string, sig: string, make: () => HTMLElement): HTMLElement {
    const old = this.rows.get(key);
    if (old && old.sig === sig) return old.el;
    const el = make();
    this.rows.set(key, { sig, el });
    return el;
  }

  render(s: ListState, stick = false) {
    const fromBottom = this.el.scrollHeight - this.el.scrollTop;
    const children: HTMLElement[] = [];
    if (s.loading) children.push(h('div', { class: 'skeleton', 'aria-label': T.carregando }, h('i'), h('i'), h('i')));
    if (s.hasMore) {
      this.older.disabled = s.loadingOlder;
      this.older.textContent = s.loadingOlder ? T.carregando : T.carregarAnteriores;
      children.push(this.older);
    } else if (s.saudacao && !s.loading) {
      children.push(
        this.row('saudacao', s.saudacao + s.nome, () =>
          h(
            'div',
            { class: 'row theirs' },
            h('div', { class: 'author' }, s.nome),
            h('div', { class: 'bubble' }, h('span', { class: 'text' }, ...renderText(s.saudacao!))),
          ),
        ),
      );
    }
    const seen = new Set<string>();
    s.items.forEach((m, i) => {
      const prev = s.items[i - 1];
      if (!prev || !sameDay(prev.criadaEm, m.criadaEm)) {
        const label = dayLabel(m.criadaEm);
        children.push(this.row(`d:${m.key}`, label, () => h('div', { class: 'day' }, h('span', null, label))));
        seen.add(`d:${m.key}`);
      }
      const showAuthor = !prev || prev.autor !== m.autor || prev.atendenteNome !== m.atendenteNome;
      children.push(
        this.row(m.key, JSON.stringify([m, showAuthor]), () =>
          renderMessage(m, { base: this.ctx.base, showAuthor, onRetry: this.ctx.onRetry }),
        ),
      );
      seen.add(m.key);
    });
    for (const k of this.rows.keys()) if (k !== 'saudacao' && !seen.has(k)) this.rows.delete(k);
    this.el.replaceChildren(...children);

    const firstKey = s.items[0]?.key ?? '';
    const prepended = this.firstKey !== '' && firstKey !== this.firstKey;
    this.firstKey = firstKey;
    if (stick || this.stuck) this.toBottom();
    // Older messages went in above: keep the visitor's place instead of jumping.
    else if (prepended) this.el.scrollTop = this.el.scrollHeight - fromBottom;
  }
}
