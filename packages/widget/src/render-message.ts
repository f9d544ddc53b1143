import { h, icon, type Child } from './dom';
import { formatSize, formatTime, linkSegments, safeUrl } from './format';
import type { Item } from './thread';
import { T } from './texts';

export type RenderCtx = {
  /** The chat host: relative media and rating URLs point there, not at the site embedding the widget. */
  base: string;
  /** Show the attendant's name above this bubble (first of a run). */
  showAuthor: boolean;
  onRetry: (clientId: string) => void;
};

export function renderText(text: string): Child[] {
  return linkSegments(text).map((s) =>
    s.href ? h('a', { href: s.href, target: '_blank', rel: 'noopener noreferrer nofollow' }, s.text) : s.text,
  );
}

function renderMidia(m: NonNullable<Item['midia']>, base: string): Child {
  const url = safeUrl(m.url, base);
  const mime = m.mimeType;
  if (url && mime.startsWith('image/')) {
    return h(
      'a',
      { class: 'media', href: url, target: '_blank', rel: 'noopener noreferrer' },
      h('img', { src: url, alt: m.filename || T.imagem, loading: 'lazy' }),
    );
  }
  if (url && mime.startsWith('video/')) return h('video', { class: 'media', src: url, controls: true, preload: 'metadata' });
  if (url && mime.startsWith('audio/')) return h('audio', { src: url, controls: true, preload: 'metadata' });
  // A document, or a file still uploading (no address yet): a card with its name and size.
  const info = [
    icon('file', 22),
    h(
      'span',
      { class: 'file-info' },
      h('span', { class: 'file-name' }, m.filename || T.arquivo),
      m.size != null && h('span', { class: 'file-size' }, formatSize(m.size)),
    ),
  ];
  return url
    ? h('a', { class: 'file', href: url, target: '_blank', rel: 'noopener noreferrer', download: m.filename ?? true }, ...info)
    : h('div', { class: 'file' }, ...info);
}

function renderMeta(m: Item): HTMLElement {
  const state =
    m.estado === 'falhou'
      ? null
      : m.estado
        ? h('span', { class: 'tick', title: T.pendente, 'aria-label': T.pendente }, icon('clock', 12))
        : m.autor === 'cliente'
          ? h('span', { class: 'tick', title: T.enviada, 'aria-label': T.enviada }, icon('check', 12))
          : null;
  return h('span', { class: 'meta' }, m.editada && !m.apagada && `${T.editada} · `, formatTime(m.criadaEm), state);
}

/** One message row. Texts are text nodes; links and media only with http(s) URLs. */
export function renderMessage(m: Item, ctx: RenderCtx): HTMLElement {
  if (m.autor === 'sistema') return h('div', { class: 'row sistema' }, h('div', { class: 'sys' }, ...renderText(m.conteudo)));
  const mine = m.autor === 'cliente';
  const body: Child[] = m.apagada
    ? [h('em', { class: 'deleted' }, T.apagada)]
    : [m.midia && renderMidia(m.midia, ctx.base), m.conteudo && h('span', { class: 'text' }, ...renderText(m.conteudo))];
  const progress =
    m.estado === 'enviando' && m.progresso != null
      ? h('progress', { max: 100, value: Math.round(m.progresso * 100), 'aria-label': T.enviandoArquivo })
      : null;
  const failed =
    m.estado === 'falhou' && m.clientId
      ? h(
          'div',
          { class: 'failed', role: 'alert' },
          icon('alert', 14),
          h('span', null, m.erro || T.falhou),
          ' ',
          h('button', { type: 'button', class: 'link', onclick: () => ctx.onRetry(m.clientId!) }, T.tentarNovamente),
        )
      : null;
  return h(
    'div',
    { class: `row ${mine ? 'mine' : 'theirs'}${m.estado ? ` ${m.estado}` : ''}` },
    !mine && ctx.showAuthor && m.atendenteNome && h('div', { class: 'author' }, m.atendenteNome),
    h('div', { class: `bubble${m.midia && !m.apagada ? ' has-media' : ''}` }, ...body, progress, renderMeta(m)),
    failed,
  );
}
