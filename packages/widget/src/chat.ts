import type { TPreChat, TWidgetConfig, TWidgetMessage, TWidgetSession, TWidgetUser } from '@balcao/shared/widget';
import { Ajuda } from './ajuda';
import { ApiError, createApi, type Api } from './api';
import { Attention } from './attention';
import { newClientId } from './client-id';
import { Uploads } from './files';
import { installApi, parseUser, type Win } from './identity';
import { Outbox } from './outbox';
import { answerPopout, askOpener, fromAllowedSite } from './popout';
import { noticeFor, statusText, type Problem } from './notice';
import { connect, emitPreChat, emitSend, type WidgetSocket } from './realtime';
import type { WidgetOptions } from './script';
import { keys, safeStorage } from './storage';
import { T, WIDGET_TEXTS } from './texts';
import { Thread } from './thread';
import { TypingSignal } from './typing';
import { View } from './view';

/** Spec part 2 §9: the customer chat checks its connection and flushes its queue every 5 s. */
const TICK_MS = 5000;
const FLASH_MS = 6000;
/** Answers after which a new try would give the same answer: the conversation cannot start. */
const BLOCKING: string[] = [
  WIDGET_TEXTS.origemNaoPermitida,
  WIDGET_TEXTS.canalInvalido,
  WIDGET_TEXTS.identidadeInvalida,
  WIDGET_TEXTS.sessaoInvalida,
];

/** The widget's state and flow: config, session, socket, queue; the View only draws what this decides. */
export class Chat {
  private readonly api: Api;
  private readonly kv = safeStorage(() => window.localStorage);
  /** Per tab: whether the window was open, so it stays open while the visitor moves between pages. */
  private readonly tabKv = safeStorage(() => window.sessionStorage);
  private readonly k: ReturnType<typeof keys>;
  private readonly thread = new Thread();
  private readonly outbox: Outbox;
  private readonly view: View;
  private readonly uploads: Uploads;
  private readonly ajuda: Ajuda;
  private readonly attention = new Attention(document);
  private config: TWidgetConfig | null = null;
  private user: TWidgetUser | null = null;
  private visitante: string | null;
  private socket: WidgetSocket | null = null;
  private session: Promise<void> | null = null;
  private ready = false;
  private loading = false;
  private blocked: string | null = null;
  private problem: Problem | null = null;
  private retryAt = 0;
  private failures = 0;
  private precisaPreChat = false;
  private atendimento: TWidgetSession['atendimento'] = null;
  private hasMore = false;
  /** undefined: the session answer has no cursor, so the first "older" call asks the newest page for it. */
  private cursor: string | null | undefined;
  private loadingOlder = false;
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private readonly stopAnswering: (() => void)[] = [];
  private readonly typing = new TypingSignal((on) => !!this.socket?.connected && !!this.socket.emit('Digitando', on));

  constructor(private readonly opts: WidgetOptions) {
    this.api = createApi(opts.backend, opts.canal);
    this.k = keys(opts.canal);
    this.outbox = new Outbox(this.kv, this.k.fila, () => this.render());
    this.uploads = new Uploads({
      api: this.api,
      thread: this.thread,
      outbox: this.outbox,
      visitante: async () => {
        await this.ensureSession();
        return this.ready ? this.visitante : null;
      },
      changed: (stick) => this.render(stick),
      queued: () => this.flush(),
      flash: (text) => this.flash(text),
    });
    this.visitante = this.kv.getItem(this.k.visitante);
    this.view = new View(opts.pagina, opts.origin, {
      toggle: (open) => this.setOpen(open),
      send: (text) => this.send(text),
      files: (files) => void this.uploads.attach(files),
      typing: () => this.typing.input(),
      retry: (id) => this.retry(id),
      loadOlder: () => void this.loadOlder(),
      preChat: (p) => this.preChat(p),
      popout: () => this.popout(),
    });
    this.ajuda = new Ajuda(this.api, 'bw-ajuda', (on) => this.view.setLendo(on));
    this.ajuda.set(false);
    this.view.mountAjuda(this.ajuda.el);
    this.user = installApi(window as Win, {
      setUser: (u) => this.setUser(u),
      logout: () => this.restart(true, null),
      open: () => this.setOpen(true),
      close: () => this.setOpen(false),
      toggle: () => this.setOpen(!this.view.isOpen),
      destroy: () => this.destroy(),
    });
  }

  async start() {
    this.updateFooter();
    // The popout's visitor comes from the window that opened it (postMessage), never from its URL.
    const handoff = this.opts.pagina ? askOpener(window, this.opts.canal) : null;
    await this.loadConfig();
    if (handoff) await this.takeHandoff(handoff);
    document.body.append(this.view.host);
    const open = this.opts.pagina || this.tabKv.getItem(this.k.aberto) === '1';
    if (open) this.setOpen(true, false);
    else if (this.visitante || this.outbox.list().length) void this.ensureSession(); // for unread counts and queued messages
    this.tickTimer = setInterval(() => this.tick(), TICK_MS);
    window.addEventListener('online', this.online);
    // The browser knows before the socket does (a dead link takes its ping timeout to notice).
    window.addEventListener('offline', this.offline);
    document.addEventListener('visibilitychange', this.visibility);
    this.render(true);
  }

  /** Our popout page: the same conversation as the site's widget, which answers its "pronto" with the visitor. */
  private popout() {
    const url = `${this.opts.origin}/widget-conversations?canal=${encodeURIComponent(this.opts.canal)}`;
    // Not noopener: the popout asks this window for the visitor (our own page, on the chat's origin).
    const popup = window.open(url, '_blank');
    if (!popup) return;
    const visitante = async () => {
      await this.ensureSession();
      return this.visitante;
    };
    this.stopAnswering.push(answerPopout(window, popup, this.opts.origin, this.opts.canal, visitante));
  }

  /** Only a visitor handed over by one of the channel's own sites is taken (the config lists them for our origin). */
  private async takeHandoff(handoff: ReturnType<typeof askOpener>) {
    const got = await handoff;
    if (!got || !fromAllowedSite(got.origin, this.config?.origens)) return;
    this.visitante = got.visitante;
    this.kv.setItem(this.k.visitante, got.visitante);
  }

  private async loadConfig() {
    try {
      this.config = await this.api.config();
      this.view.setBrand(this.config.nome, this.config.cor);
      this.failures = 0;
      this.setProblem(null);
    } catch (e) {
      this.view.setBrand(T.atendimento, '');
      this.fail(e);
    }
  }

  private fail(e: unknown) {
    const err = e instanceof ApiError ? e : new ApiError(T.erroGenerico, 0);
    if (BLOCKING.includes(err.message) || err.status === 403 || err.status === 404) return this.block(err.message);
    // Offline, rate-limited or a server hiccup: say so and try again, less and less often (a site whose
    // origin the server refuses without a readable answer looks the same and must not poll every 5 s forever).
    this.retryAt = Date.now() + Math.max(err.status === 429 ? 30_000 : 0, Math.min(300_000, 2500 * 2 ** this.failures++));
    this.setProblem({ text: err.message, kind: 'error' });
  }

  private block(message: string) {
    this.blocked = message;
    // A visitor token the server no longer knows would fail again after the reload the message asks for.
    if (message === WIDGET_TEXTS.sessaoInvalida) this.kv.removeItem(this.k.visitante);
    this.socket?.disconnect();
    this.updateFooter();
  }

  private ensureSession(): Promise<void> {
    if (this.ready || this.blocked || !this.config) return Promise.resolve();
    this.session ??= this.openSession().finally(() => (this.session = null));
    return this.session;
  }

  private async openSession() {
    this.loading = true;
    this.render();
    try {
      this.applySession(await this.api.sessao(this.visitante, this.user), false);
      this.socket = connect(this.opts, this.visitante!, {
        connected: (again) => this.onConnected(again),
        disconnected: () => this.setProblem({ text: this.outbox.list().length ? T.offline : T.reconectando, kind: 'warn' }),
        refused: (message) => this.refused(message),
        Mensagem: (m) => this.receive(m),
        AtendimentoAtualizado: (a) => {
          this.atendimento = a;
          this.updateStatus();
        },
        Digitando: (p) => this.view.setTyping(p.digitando ? T.digitando(p.atendenteNome) : null),
      });
    } catch (e) {
      this.fail(e);
    } finally {
      this.loading = false;
      this.render(true);
    }
  }

  /** `merge`: a catch-up after a reconnection keeps the older pages already loaded. */
  private applySession(s: TWidgetSession, merge: boolean) {
    this.visitante = s.visitante;
    this.kv.setItem(this.k.visitante, s.visitante);
    this.config = s.config;
    this.view.setBrand(s.config.nome, s.config.cor);
    // Answers that came while the link was down: the same sound and title as one that arrives live.
    const perdidas = merge ? s.mensagens.filter((m) => m.autor === 'atendente' && !this.thread.hasId(m.id)).length : 0;
    if (merge) this.thread.merge(s.mensagens);
    else {
      this.thread.reset(s.mensagens);
      this.hasMore = s.hasMore;
      this.cursor = (s as { cursor?: string | null }).cursor;
    }
    // Stored before the ack came back: the server has them, so they leave the queue instead of going again.
    for (const o of this.outbox.list()) if (this.thread.has(o.clientId)) this.outbox.remove(o.clientId);
    this.failures = 0;
    this.precisaPreChat = s.precisaPreChat;
    this.atendimento = s.atendimento;
    this.ready = true;
    this.setProblem(null);
    if (this.seen()) this.markRead();
    else {
      this.view.setBadge(this.thread.unreadSince(this.kv.getItem(this.k.lido)));
      if (perdidas) this.attention.add(perdidas);
    }
    this.updateStatus();
    this.updateFooter();
  }

  /** The handshake was turned down: for good (origin, channel, session) or for now, tried again in 30 s. */
  private refused(message: string) {
    if (BLOCKING.includes(message)) return this.block(message);
    this.retryAt = Date.now() + 30_000;
    this.setProblem({ text: message === 'Não autorizado' ? T.semConexao : message, kind: 'error' });
  }

  private onConnected(again: boolean) {
    this.setProblem(null);
    if (again) void this.catchUp();
    else this.flush();
    if (this.seen()) this.markRead();
  }

  /** What happened while the link was down: messages, status, whether the form is still due. */
  private async catchUp() {
    try {
      this.applySession(await this.api.sessao(this.visitante, this.user), true);
    } catch {
      /* the next reconnection or tick tries again */
    }
    this.render();
    this.flush();
  }

  private receive(m: TWidgetMessage) {
    const isNew = !this.thread.hasId(m.id);
    this.thread.merge([m]);
    if (m.clientId && m.autor === 'cliente') this.outbox.remove(m.clientId);
    if (m.autor !== 'cliente') {
      this.view.setTyping(null);
      if (this.seen()) this.markRead();
      else if (isNew) {
        this.view.setBadge(this.thread.unreadSince(this.kv.getItem(this.k.lido)));
        // A person's answer, not a notice ('Em atendimento com …'): worth a sound and the title.
        if (m.autor === 'atendente') this.attention.add();
      }
    }
    this.render(m.autor === 'cliente');
  }

  /** The visitor can read the conversation now: the window open in a tab in front. */
  private seen() {
    return this.view.isOpen && !document.hidden;
  }

  /** Back to a tab whose window was left open: what came meanwhile is read now. */
  private readonly visibility = () => {
    if (this.ready && this.seen()) this.markRead();
  };

  private markRead() {
    this.view.setBadge(0);
    this.attention.clear();
    const newest = this.thread.newest();
    if (newest) this.kv.setItem(this.k.lido, newest);
    if (this.socket?.connected) this.socket.emit('MarcarLidas');
  }

  private setOpen(open: boolean, focus = true) {
    if (!open && this.opts.pagina) return;
    this.view.setOpen(open, focus);
    this.tabKv.setItem(this.k.aberto, open ? '1' : '0');
    if (!open) return this.typing.stop();
    void this.ensureSession();
    this.markRead();
  }

  private send(conteudo: string) {
    this.typing.stop();
    this.outbox.add({ clientId: newClientId(), conteudo, midia: null, criadaEm: new Date().toISOString() });
    this.render(true);
    void this.ensureSession().then(() => this.flush());
  }

  private flush() {
    if (!this.socket?.connected || this.precisaPreChat) return;
    void this.outbox.flush(
      (o) => emitSend(this.socket, o),
      (m) => {
        this.thread.merge([m]);
        this.render();
      },
    );
  }

  private retry(clientId: string) {
    if (this.uploads.retry(clientId)) return;
    this.outbox.retry(clientId);
    this.flush();
  }

  private async preChat(p: TPreChat): Promise<string | null> {
    const erro = await emitPreChat(this.socket, p);
    if (erro && BLOCKING.includes(erro)) this.block(erro);
    if (erro) return erro;
    this.precisaPreChat = false;
    this.updateFooter();
    this.flush();
    return null;
  }

  private async loadOlder() {
    if (this.loadingOlder || !this.visitante) return;
    this.loadingOlder = true;
    this.render();
    try {
      if (this.cursor === undefined) this.cursor = (await this.api.mensagens(this.visitante)).cursor;
      const page = await this.api.mensagens(this.visitante, this.cursor);
      this.thread.merge(page.mensagens);
      this.hasMore = page.hasMore;
      this.cursor = page.cursor;
    } catch (e) {
      this.fail(e);
    } finally {
      this.loadingOlder = false;
      this.render();
    }
  }

  private setUser(u: unknown) {
    const user = parseUser(u);
    if (!user) return console.warn('[Balcão] setUser: informe ao menos { identifier }.');
    const prev = this.user;
    if (prev?.identifier === user.identifier && prev.hash === user.hash) {
      this.user = user;
      return;
    }
    // Someone else logged in on this browser: they must not see the previous person's conversation.
    this.restart(!!prev && prev.identifier !== user.identifier, user);
  }

  /** A new session (another identity, or `forget` after a logout); origin and channel refusals stay. */
  private restart(forget: boolean, user: TWidgetUser | null) {
    this.user = user;
    this.socket?.disconnect();
    this.socket = null;
    this.ready = false;
    if (this.blocked === WIDGET_TEXTS.identidadeInvalida || this.blocked === WIDGET_TEXTS.sessaoInvalida) this.blocked = null;
    if (forget) {
      this.visitante = null;
      for (const key of [this.k.visitante, this.k.lido]) this.kv.removeItem(key);
      this.outbox.clear();
      this.thread.reset();
      this.atendimento = null;
      this.view.setBadge(0);
      this.attention.clear();
    }
    this.updateFooter();
    this.updateStatus();
    if (this.visitante || this.view.isOpen) void this.ensureSession();
    this.render(true);
  }

  private readonly offline = () => this.setProblem({ text: T.offline, kind: 'warn' });
  private readonly online = () => {
    if (this.problem?.text === T.offline && this.socket?.connected) this.setProblem(null);
    this.tick();
  };

  private readonly tick = () => {
    if (this.blocked) return;
    if (!this.config) return void (Date.now() >= this.retryAt && this.loadConfig());
    const wanted = this.view.isOpen || !!this.visitante || this.outbox.list().length > 0;
    if (!this.ready && wanted && Date.now() >= this.retryAt) void this.ensureSession();
    else if (this.socket?.connected) this.flush();
    // Dropped or refused by the server: socket.io does not retry those by itself.
    else if (this.socket && !this.socket.active && Date.now() >= this.retryAt) this.socket.connect();
  };

  /** An error about one action (a file too big): shown a few seconds, then the strip goes back to the status. */
  private flash(text: string) {
    const p = { text, kind: 'error' as const };
    this.setProblem(p);
    setTimeout(() => this.problem === p && this.setProblem(null), FLASH_MS);
  }

  private setProblem(p: Chat['problem']) {
    this.problem = p;
    this.updateStatus();
  }

  private updateStatus() {
    this.view.setStatus(statusText(this.atendimento));
    this.view.setNotice(noticeFor(this.problem, this.atendimento, this.opts.origin));
  }

  private updateFooter() {
    if (this.blocked) this.view.setFooter({ kind: 'blocked', message: this.blocked });
    else if (this.ready && this.precisaPreChat && this.config) this.view.setFooter({ kind: 'prechat', config: this.config });
    else this.view.setFooter({ kind: 'composer' });
  }

  private render(stick = false) {
    // Before a conversation starts: the visitor may find the answer in the linked help centre.
    this.ajuda.set(!!this.config?.ajuda && !this.blocked && this.thread.size === 0 && this.outbox.list().length === 0);
    this.view.render(
      {
        items: this.thread.items(this.outbox.list()),
        saudacao: this.config?.saudacao ?? null,
        nome: this.config?.nome ?? '',
        hasMore: this.hasMore,
        loadingOlder: this.loadingOlder,
        loading: this.loading && this.thread.size === 0,
      },
      stick,
    );
  }

  destroy() {
    clearInterval(this.tickTimer);
    window.removeEventListener('online', this.online);
    window.removeEventListener('offline', this.offline);
    document.removeEventListener('visibilitychange', this.visibility);
    this.attention.clear();
    this.socket?.disconnect();
    for (const stop of this.stopAnswering) stop();
    this.view.host.remove();
    delete (window as { Balcao?: unknown }).Balcao;
  }
}
