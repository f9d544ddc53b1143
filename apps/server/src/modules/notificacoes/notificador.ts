import type { FastifyBaseLogger } from 'fastify';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import {
  NOTIFICACOES_TEXTS as T,
  notificacaoUrl,
  PREFERENCIAS_PADRAO,
  PUSH_INTERVALO_S,
  type TNotificacaoEvento,
  type TNotificacaoPayload,
} from '@balcao/shared/notificacoes';
import type { TMensagem as TMensagemChat } from '@balcao/shared/chat-interno';
import { ORIGEM_TIPO } from '@balcao/shared/chat-interno/constants';
import type { Db } from '../../lib/db';
import type { RateCounter } from '../../lib/rate-counter';
import type { ChatChange } from '../chat-interno/notify';
import { forgetInscritos, inscritos } from './destinatarios';
import { can } from './policy';
import { deleteEndpoint, inscritosDosUsuarios, type TInscrito } from './queries';
import type { PushSend } from './web-push';

type Deps = { db: Db; rates: RateCounter; send: PushSend; log: () => Pick<FastifyBaseLogger, 'warn' | 'error'> };

/** A preview long enough to tell what it is about, short enough for a lock screen. */
const PREVIA_MAX = 120;
const previa = (texto: string) => (texto.length > PREVIA_MAX ? `${texto.slice(0, PREVIA_MAX - 1)}…` : texto);

/** An @mention of this user: their first name (or full name) after an @, as typed in the internal chat. */
function menciona(texto: string, nome: string): boolean {
  const lower = texto.toLocaleLowerCase('pt-BR');
  const primeiro = nome.trim().split(/\s+/)[0] ?? '';
  return [nome.trim(), primeiro].some((n) => {
    if (!n) return false;
    const at = lower.indexOf(`@${n.toLocaleLowerCase('pt-BR')}`);
    const after = lower[at + n.length + 1];
    return at >= 0 && (after === undefined || !/[\p{L}\p{N}]/u.test(after));
  });
}

/** A customer conversation event and who among its viewers it is for. */
export type TEventoAtendimento = {
  evento: Extract<TNotificacaoEvento, 'novaConversa' | 'mensagem' | 'transferencia'>;
  row: TAtendimento;
  /** Only this user (the holder; the one it was transferred to); else everyone who sees the row. */
  para?: string;
  /** Who caused it: never told of their own action. */
  exceto?: string | null;
  texto: string | null;
};

/**
 * Web Push fan-out: to the subscribed browsers of users who would see what happened (the customer chat's
 * visibility rules), who are Online and want this event by push, at most one per conversation per user per
 * PUSH_INTERVALO_S (counted in Redis when there is one, so instances agree). A subscription the push service
 * says is gone (404/410) is removed.
 */
export class Notificador {
  constructor(private readonly deps: Deps) {}

  async atendimento(accountId: string, e: TEventoAtendimento) {
    const todos = await inscritos(this.deps.db, accountId);
    const alvo = todos.filter(
      (i) =>
        i.usuarioId !== e.exceto &&
        (e.para ? i.usuarioId === e.para : true) &&
        can({ id: i.usuarioId, role: i.role, departamentoId: i.departamentoId }, 'ouvir', e.row),
    );
    await this.entregar(alvo, e.evento, `atendimento:${e.row.atendimentoId}`, (i) => ({
      evento: e.evento,
      titulo: T.titulo[e.evento],
      corpo: this.mostra(i) && e.texto ? `${e.row.clienteNome}: ${previa(e.texto)}` : T.semPrevia(e.row.clienteNome),
      url: notificacaoUrl.atendimento(e.row.atendimentoId),
      tag: `atendimento:${e.row.atendimentoId}`,
    }));
  }

  async chat(change: ChatChange) {
    // People's messages only: notices (created, joined, renamed) are not worth a push.
    const mensagens = change.mensagens.filter((m) => m.origemTipo === ORIGEM_TIPO.usuario);
    const ultima = mensagens.at(-1);
    const receptores = change.receivers.filter((id) => id !== ultima?.remetenteId);
    if (!ultima?.remetenteId || receptores.length === 0) return;
    const alvo = await inscritosDosUsuarios(this.deps.db, receptores);
    const mencionados = alvo.filter((i) => mensagens.some((m) => menciona(m.conteudo, i.nome)));
    const demais = alvo.filter((i) => !mencionados.includes(i));
    const payload = (evento: 'chatInterno' | 'mencao', m: TMensagemChat) => (i: TInscrito) => ({
      evento,
      titulo: T.titulo[evento],
      corpo: this.mostra(i) ? `${m.remetenteNome ?? ''}: ${previa(m.conteudo)}` : T.semPrevia(m.remetenteNome ?? ''),
      url: notificacaoUrl.chat(change.conversaId),
      tag: `chat:${change.conversaId}`,
    });
    await Promise.all([
      this.entregar(mencionados, 'mencao', `chat:${change.conversaId}`, payload('mencao', ultima)),
      this.entregar(demais, 'chatInterno', `chat:${change.conversaId}`, payload('chatInterno', ultima)),
    ]);
  }

  private mostra(i: TInscrito) {
    return i.mostrarPrevia ?? PREFERENCIAS_PADRAO.mostrarPrevia;
  }

  private quer(i: TInscrito, evento: TNotificacaoEvento) {
    return i.online && (i.push ?? PREFERENCIAS_PADRAO.push) && (i.eventos?.[evento] ?? PREFERENCIAS_PADRAO.eventos[evento]);
  }

  private async entregar(alvo: TInscrito[], evento: TNotificacaoEvento, tag: string, payload: (i: TInscrito) => TNotificacaoPayload) {
    const porUsuario = new Map<string, TInscrito[]>();
    for (const i of alvo) if (this.quer(i, evento)) porUsuario.set(i.usuarioId, [...(porUsuario.get(i.usuarioId) ?? []), i]);
    await Promise.all(
      [...porUsuario].map(async ([usuarioId, browsers]) => {
        if ((await this.deps.rates.hit(`push:${usuarioId}:${tag}`, PUSH_INTERVALO_S)) > 1) return;
        await Promise.all(browsers.map((b) => this.enviar(b, payload(b))));
      }),
    );
  }

  private async enviar(b: TInscrito, payload: TNotificacaoPayload) {
    try {
      const status = await this.deps.send(b, JSON.stringify(payload));
      if (status === 404 || status === 410) {
        await deleteEndpoint(this.deps.db, b.endpoint);
        forgetInscritos(b.accountId);
      } else if (status >= 400) this.deps.log().warn({ status, host: new URL(b.endpoint).host }, 'serviço de push recusou a notificação');
    } catch (err) {
      this.deps.log().warn({ err: (err as Error).message, host: new URL(b.endpoint).host }, 'serviço de push inalcançável');
    }
  }
}
