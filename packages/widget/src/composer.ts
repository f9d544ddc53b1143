import { h, icon } from './dom';
import { ANEXO_MIME_TYPES, MENSAGEM_MAX_CHARS, T } from './texts';

export type ComposerHandlers = { send: (text: string) => void; files: (files: File[]) => void; typing: () => void };

/** Text box, clip and send. Enter sends, Shift+Enter breaks the line; the box grows up to five lines. */
export function composer(uid: string, on: ComposerHandlers) {
  const file = h('input', {
    type: 'file',
    multiple: true,
    hidden: true,
    accept: ANEXO_MIME_TYPES.join(','),
    tabindex: -1,
    'aria-hidden': 'true',
  });
  const text = h('textarea', {
    id: `${uid}-msg`,
    rows: 1,
    maxlength: MENSAGEM_MAX_CHARS,
    placeholder: T.placeholder,
    'aria-label': T.placeholder,
  });
  const send = h('button', { type: 'button', class: 'send', 'aria-label': T.enviar, title: T.enviar, disabled: true }, icon('send', 18));
  const clip = h('button', { type: 'button', class: 'icon-btn clip', 'aria-label': T.anexar, title: T.anexar }, icon('clip', 19));

  const fit = () => {
    text.style.height = 'auto';
    text.style.height = `${Math.min(text.scrollHeight, 120)}px`;
    send.disabled = !text.value.trim();
  };
  const submit = () => {
    const v = text.value.trim();
    if (!v) return;
    on.send(v);
    text.value = '';
    fit();
  };
  text.addEventListener('input', () => {
    fit();
    on.typing();
  });
  text.addEventListener('keydown', (e) => {
    // isComposing: Enter that confirms an IME composition (accents on some keyboards) must not send.
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submit();
    }
  });
  send.addEventListener('click', () => {
    submit();
    text.focus();
  });
  clip.addEventListener('click', () => file.click());
  file.addEventListener('change', () => {
    const files = [...(file.files ?? [])];
    file.value = '';
    if (files.length) on.files(files);
  });
  const el = h('div', { class: 'composer' }, h('div', { class: 'input' }, clip, text), send, file);
  return { el, focus: () => text.focus() };
}
