import { ApiError, type Api } from './api';
import { artigoHtml } from './artigo-html';
import { h, icon } from './dom';
import { T } from './texts';

type Achado = Awaited<ReturnType<Api['ajudaBusca']>>[number];

/**
 * "Procurar na central de ajuda" before a conversation starts (when the channel is linked to a help centre):
 * a search box, the articles found, and one article read in place, with "Este artigo ajudou?".
 */
export class Ajuda {
  readonly el = h('div', { class: 'ajuda' });
  private readonly busca = h('div', { class: 'ajuda-busca' });
  private readonly artigo = h('article', { class: 'artigo', tabindex: -1, hidden: true });
  private readonly resultados = h('div', { class: 'resultados', 'aria-live': 'polite' });
  private readonly input: HTMLInputElement;
  private pedido = 0;

  constructor(
    private readonly api: Api,
    uid: string,
    private readonly lendo: (on: boolean) => void,
  ) {
    this.input = h('input', { id: `${uid}-ajuda`, type: 'search', autocomplete: 'off', placeholder: T.ajudaPlaceholder, maxlength: 200 });
    const form = h(
      'form',
      {
        role: 'search',
        class: 'ajuda-form',
        onsubmit: (e) => {
          e.preventDefault();
          void this.procurar();
        },
      },
      this.input,
      h('button', { type: 'submit', class: 'icon-btn ajuda-ir', 'aria-label': T.procurar, title: T.procurar }, icon('search', 18)),
    );
    this.busca.append(h('label', { for: this.input.id, class: 'ajuda-titulo' }, T.ajudaTitulo), form, this.resultados);
    this.el.append(this.busca, this.artigo);
  }

  /** Shown while the visitor has not started a conversation and the channel is linked to a centre. */
  set(mostrar: boolean) {
    this.el.hidden = !mostrar;
    if (!mostrar) this.fechar();
  }

  private async procurar() {
    const q = this.input.value.trim();
    if (!q) return this.resultados.replaceChildren();
    const n = ++this.pedido;
    this.resultados.replaceChildren(h('p', { class: 'ajuda-info' }, T.procurando));
    try {
      const achados = await this.api.ajudaBusca(q);
      if (n !== this.pedido) return;
      this.resultados.replaceChildren(
        achados.length
          ? h('ul', { class: 'achados', 'aria-label': T.artigosEncontrados }, ...achados.map((a) => this.item(a)))
          : h('p', { class: 'ajuda-info' }, T.nadaEncontrado),
      );
    } catch (e) {
      if (n === this.pedido) this.resultados.replaceChildren(h('p', { class: 'ajuda-info erro', role: 'alert' }, mensagem(e)));
    }
  }

  private item(a: Achado) {
    return h(
      'li',
      null,
      h(
        'button',
        { type: 'button', class: 'achado', onclick: () => void this.abrir(a.id) },
        h('span', { class: 'achado-titulo' }, a.titulo),
        h('span', { class: 'achado-trecho' }, artigoHtml(a.trechoHtml)),
      ),
    );
  }

  private async abrir(id: string) {
    const voltar = h('button', { type: 'button', class: 'link voltar', onclick: () => this.fechar(true) }, T.voltar);
    this.artigo.replaceChildren(voltar, h('p', { class: 'ajuda-info' }, T.carregando));
    this.mostrar(true);
    try {
      const a = await this.api.ajudaArtigo(id);
      const voto = h('div', { class: 'ajudou', role: 'group', 'aria-label': T.ajudou });
      const votar = (util: boolean) => async () => {
        voto.replaceChildren(h('p', { role: 'status' }, T.obrigado));
        await this.api.ajudaVoto(id, util).catch(() => undefined);
      };
      voto.append(
        h('span', null, T.ajudou),
        h('button', { type: 'button', class: 'voto', onclick: votar(true) }, T.sim),
        h('button', { type: 'button', class: 'voto', onclick: votar(false) }, T.nao),
      );
      this.artigo.replaceChildren(
        voltar,
        h('h2', { class: 'artigo-titulo' }, a.titulo),
        h('div', { class: 'artigo-corpo' }, artigoHtml(a.html)),
        voto,
        h('a', { class: 'ajuda-link', href: a.url, target: '_blank', rel: 'noopener noreferrer' }, T.abrirNovaAba),
      );
    } catch (e) {
      this.artigo.replaceChildren(voltar, h('p', { class: 'ajuda-info erro', role: 'alert' }, mensagem(e)));
    }
    this.artigo.focus();
  }

  private mostrar(artigo: boolean) {
    this.artigo.hidden = !artigo;
    this.busca.hidden = artigo;
    this.lendo(artigo);
  }

  private fechar(foco = false) {
    if (this.artigo.hidden) return;
    this.mostrar(false);
    if (foco) this.input.focus();
  }
}

const mensagem = (e: unknown) => (e instanceof ApiError ? e.message : T.erroGenerico);
