import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdownKeymap, markdownLanguage } from '@codemirror/lang-markdown';
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { EditorSelection, EditorState, Prec, type StateCommand } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { comoBloco } from './imagem-markdown';

/**
 * The Markdown editor of /documentacao (CodeMirror 6): its own lazy chunk, loaded only when a document is
 * open for writing, so neither the shell nor the page's first paint carries it.
 */

/** A place in the text that follows the edits made before it (the text typed while an image uploads). */
export type Marca = { pos: number };

export type EditorMarkdownHandle = {
  /** Marks `pos`, or the cursor when not given. */
  marcar(pos?: number): Marca;
  /** Inserts `texto` at a mark (on lines of its own) and puts the cursor after it. */
  inserir(marca: Marca, texto: string): void;
  /** Forgets a mark that will get nothing (its upload failed). */
  soltar(marca: Marca): void;
};

type Props = {
  valor: string;
  onChange: (valor: string) => void;
  /** Images pasted or dropped, with the mark of where they go (the cursor, or the drop point). */
  onImagens: (arquivos: File[], marca: Marca) => void;
  rotulo: string;
  dica: string;
  ref?: Ref<EditorMarkdownHandle>;
};

/** Wraps each selection in `marca` (`**`, `_`), or unwraps it when it already is: Ctrl/Cmd+B and I. */
export function alternarMarca(marca: string): StateCommand {
  return ({ state, dispatch }) => {
    const n = marca.length;
    const tr = state.changeByRange((r) => {
      const antes = state.sliceDoc(r.from - n, r.from);
      const depois = state.sliceDoc(r.to, r.to + n);
      if (antes === marca && depois === marca) {
        return {
          changes: [
            { from: r.from - n, to: r.from },
            { from: r.to, to: r.to + n },
          ],
          range: EditorSelection.range(r.from - n, r.to - n),
        };
      }
      return {
        changes: [
          { from: r.from, insert: marca },
          { from: r.to, insert: marca },
        ],
        range: EditorSelection.range(r.from + n, r.to + n),
      };
    });
    dispatch(state.update(tr, { scrollIntoView: true, userEvent: 'input' }));
    return true;
  };
}

// Colours from the app's CSS variables (index.css): the same rules serve the light and the dark theme.
const tema = EditorView.theme({
  '&': { color: 'var(--foreground)', backgroundColor: 'transparent', fontSize: '0.875rem' },
  // 16 px on phones, as the app's inputs (md:text-sm): a smaller font makes iOS zoom into the field.
  '@media (max-width: 767px)': { '&': { fontSize: '1rem' } },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    lineHeight: '1.6',
    minHeight: '20rem',
    maxHeight: '60vh',
    overflow: 'auto',
  },
  '.cm-content': { padding: '0.75rem', caretColor: 'var(--foreground)' },
  '.cm-line': { padding: '0' },
  '.cm-placeholder': { color: 'var(--muted-foreground)' },
  '.cm-content ::selection, &.cm-focused .cm-content ::selection': {
    backgroundColor: 'color-mix(in oklab, var(--primary) 28%, transparent)',
  },
});

const realce = HighlightStyle.define([
  { tag: tags.heading1, fontWeight: '700', fontSize: '1.15em' },
  { tag: tags.heading2, fontWeight: '700', fontSize: '1.08em' },
  { tag: [tags.heading3, tags.heading4, tags.heading5, tags.heading6], fontWeight: '700' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--primary)' },
  { tag: tags.monospace, backgroundColor: 'var(--muted)', borderRadius: '3px' },
  { tag: [tags.quote, tags.processingInstruction, tags.contentSeparator, tags.meta], color: 'var(--muted-foreground)' },
]);

const imagensDe = (lista: FileList | undefined | null) => [...(lista ?? [])].filter((f) => f.type.startsWith('image/'));

export default function EditorMarkdown({ valor, onChange, onImagens, rotulo, dica, ref }: Props) {
  const caixa = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const marcas = useRef(new Set<Marca>());
  // The latest callbacks, read by the editor's listeners (created once).
  const props = useRef({ onChange, onImagens });
  props.current = { onChange, onImagens };
  const marcar = (pos: number): Marca => {
    const m = { pos };
    marcas.current.add(m);
    return m;
  };

  // Created once: later values come from the editor itself (the parent remounts it for another document).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial text only; see above.
  useEffect(() => {
    const v = new EditorView({
      parent: caixa.current!,
      state: EditorState.create({
        doc: valor,
        extensions: [
          history(),
          // Ctrl/Cmd+B stops here: the app's window-wide Ctrl/Cmd+B (fold the side menu) is not for the editor.
          Prec.high(
            keymap.of([
              ...markdownKeymap,
              { key: 'Mod-b', run: alternarMarca('**'), stopPropagation: true },
              { key: 'Mod-i', run: alternarMarca('_'), stopPropagation: true },
            ]),
          ),
          // No Tab binding: Tab leaves the editor, as in any form field.
          keymap.of([...defaultKeymap, ...historyKeymap]),
          new LanguageSupport(markdownLanguage),
          syntaxHighlighting(realce),
          EditorView.lineWrapping,
          placeholder(dica),
          EditorView.contentAttributes.of({ 'aria-label': rotulo, spellcheck: 'true', lang: 'pt-BR' }),
          tema,
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            for (const m of marcas.current) m.pos = u.changes.mapPos(m.pos);
            props.current.onChange(u.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste(e, view) {
              const arquivos = imagensDe(e.clipboardData?.files);
              if (!arquivos.length) return false;
              e.preventDefault();
              props.current.onImagens(arquivos, marcar(view.state.selection.main.head));
              return true;
            },
            drop(e, view) {
              const arquivos = imagensDe(e.dataTransfer?.files);
              if (!arquivos.length) return false;
              e.preventDefault();
              const pos = view.posAtCoords({ x: e.clientX, y: e.clientY }) ?? view.state.selection.main.head;
              props.current.onImagens(arquivos, marcar(pos));
              return true;
            },
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    marcar: (pos) => marcar(pos ?? view.current?.state.selection.main.head ?? 0),
    soltar: (marca) => void marcas.current.delete(marca),
    inserir(marca, texto) {
      marcas.current.delete(marca);
      const v = view.current;
      if (!v) return;
      const pos = Math.min(marca.pos, v.state.doc.length);
      const bloco = comoBloco(v.state.doc.toString(), pos, texto);
      v.dispatch({
        changes: { from: pos, insert: bloco },
        selection: { anchor: pos + bloco.length },
        scrollIntoView: true,
        userEvent: 'input',
      });
      v.focus();
    },
  }));

  return (
    <div
      ref={caixa}
      className="rounded-md border bg-transparent focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50"
    />
  );
}
