import { h } from './dom';

/** What an article may contain (the server's Markdown renderer makes nothing else); everything else is dropped. */
const TAGS = new Set(
  'p h1 h2 h3 h4 h5 h6 ul ol li a strong em b i code pre blockquote img hr br table thead tbody tr th td del s mark'.split(' '),
);
const ATTRS: Record<string, string[]> = { a: ['href', 'title'], img: ['src', 'alt', 'title'], th: ['align'], td: ['align'] };
const SAFE_URL = /^(https?:|mailto:|#|\/)/i;

/**
 * An article's HTML (already sanitised by the server) rebuilt node by node from an inert parse: only the tags
 * and attributes above, links open in a new tab, and no URL that is not http(s), mailto or relative.
 */
export function artigoHtml(html: string): DocumentFragment {
  const out = document.createDocumentFragment();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const copy = (from: Node, to: Node) => {
    for (const n of Array.from(from.childNodes)) {
      if (n.nodeType === 3) to.appendChild(document.createTextNode(n.textContent ?? ''));
      if (n.nodeType !== 1) continue;
      const el = n as Element;
      const tag = el.tagName.toLowerCase();
      if (!TAGS.has(tag)) {
        if (tag !== 'script' && tag !== 'style') copy(el, to);
        continue;
      }
      const made = h(tag as 'p');
      for (const a of ATTRS[tag] ?? []) {
        const v = el.getAttribute(a);
        if (v !== null && ((a !== 'href' && a !== 'src') || SAFE_URL.test(v.trim()))) made.setAttribute(a, v);
      }
      if (tag === 'a') {
        made.setAttribute('target', '_blank');
        made.setAttribute('rel', 'noopener noreferrer');
      }
      copy(el, made);
      to.appendChild(made);
    }
  };
  copy(doc.body, out);
  return out;
}
