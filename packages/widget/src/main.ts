// Entry of widget.js: finds its own <script data-canal> and mounts the chat once per page.
import { Chat } from './chat';
import { findScript, readOptions } from './script';

// currentScript is only set while this first runs, so read the options now, before any await.
const script = findScript(document);
const opts = script && readOptions(script, location.href);
const running = (window as { Balcao?: { destroy?: unknown } }).Balcao?.destroy;

if (!opts) console.warn('[Balcão] widget.js precisa do atributo data-canal.');
// The snippet pasted twice (a theme and a plugin both adding it): `window.Balcao` is one chat.
else if (typeof running !== 'function') {
  const chat = new Chat(opts);
  if (document.body) void chat.start();
  else document.addEventListener('DOMContentLoaded', () => void chat.start(), { once: true });
}
