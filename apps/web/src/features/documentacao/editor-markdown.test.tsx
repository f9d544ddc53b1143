// @vitest-environment jsdom
import { EditorState } from '@codemirror/state';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EditorMarkdown, { alternarMarca, type EditorMarkdownHandle } from './editor-markdown';
import { comoBloco, markdownDaImagem } from './imagem-markdown';

afterEach(cleanup);

/** Runs a command on `doc` with the selection from..to: the text and the selection after it. */
function aplicar(doc: string, from: number, to: number, marca: string) {
  let state = EditorState.create({ doc, selection: { anchor: from, head: to } });
  alternarMarca(marca)({ state, dispatch: (tr) => (state = tr.state) });
  return { doc: state.doc.toString(), sel: [state.selection.main.from, state.selection.main.to] };
}

describe('the Markdown editor of a document', () => {
  it('bolds and unbolds a selection (Ctrl/Cmd+B), and opens an empty pair at the cursor', () => {
    expect(aplicar('prazo de entrega', 9, 16, '**')).toEqual({ doc: 'prazo de **entrega**', sel: [11, 18] });
    expect(aplicar('prazo de **entrega**', 11, 18, '**')).toEqual({ doc: 'prazo de entrega', sel: [9, 16] });
    expect(aplicar('ab', 1, 1, '_')).toEqual({ doc: 'a__b', sel: [2, 2] });
  });

  it('puts an image on lines of its own, adding only the blank lines that are missing', () => {
    const img = markdownDaImagem('foto [1].png', '/backend/uploads/documentacao/x.png');
    expect(img).toBe('![foto 1.png](/backend/uploads/documentacao/x.png)');
    expect(comoBloco('', 0, img)).toBe(`${img}\n`);
    expect(comoBloco('Texto', 5, img)).toBe(`\n\n${img}\n`);
    expect(comoBloco('Um\n\nDois', 4, img)).toBe(`${img}\n\n`);
    expect(comoBloco('Um\nDois', 3, img)).toBe(`\n${img}\n\n`);
  });

  it('is a labelled text box; a pasted image goes to the cursor, where its Markdown lands after the upload', () => {
    const onChange = vi.fn();
    const onImagens = vi.fn();
    const ref = createRef<EditorMarkdownHandle>();
    render(
      <EditorMarkdown
        ref={ref}
        valor="Antes depois"
        onChange={onChange}
        onImagens={onImagens}
        rotulo="Conteúdo em Markdown"
        dica="Escreva"
      />,
    );
    const caixa = screen.getByRole('textbox', { name: 'Conteúdo em Markdown' });
    expect(caixa.textContent).toBe('Antes depois');

    const foto = new File(['png'], 'foto.png', { type: 'image/png' });
    fireEvent.paste(caixa, { clipboardData: { files: [foto, new File(['x'], 'nota.txt', { type: 'text/plain' })] } });
    expect(onImagens).toHaveBeenCalledTimes(1);
    const [arquivos, marca] = onImagens.mock.calls[0]!;
    expect(arquivos).toEqual([foto]);
    expect(marca).toEqual({ pos: 0 });

    // Text typed before the mark while the image uploads moves it along.
    const marcaMeio = ref.current!.marcar(5);
    ref.current!.inserir(marca, 'Olá.');
    expect(marcaMeio.pos).toBe(5 + 'Olá.\n\n'.length);
    ref.current!.inserir(marcaMeio, '![foto.png](/u.png)');
    expect(onChange).toHaveBeenLastCalledWith('Olá.\n\nAntes\n\n![foto.png](/u.png)\n\n depois');
  });
});
