import { and, count, desc, eq, max, or, sql } from 'drizzle-orm';
import {
  CHAT_INTERNO_VALIDACAO,
  ORIGEM_TIPO,
  type TEnviarMensagem,
  type TMensagem,
  type TMensagensPagina,
  type TVisualizarInput,
} from '@balcao/shared/chat-interno';
import { chatLeituras, chatMensagens, type ChatMensagemRow } from '../../db/schema/chat-interno';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { Conflict, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { isUuid } from '../usuarios/service';
import { acessarConversa, memberIds } from './access';
import type { ChatChange } from './notify';
import { presentMensagem, type Pessoa } from './presenter';

/** Moves users' read marks forward to `seq` (never back: views can arrive out of order). */
export async function markRead(db: Db, conversaId: string, usuarioIds: readonly string[], seq: number): Promise<void> {
  if (!usuarioIds.length) return;
  await db
    .insert(chatLeituras)
    .values(usuarioIds.map((usuarioId) => ({ conversaId, usuarioId, ultimaSeq: seq })))
    .onConflictDoUpdate({
      target: [chatLeituras.conversaId, chatLeituras.usuarioId],
      set: { ultimaSeq: sql`greatest(${chatLeituras.ultimaSeq}, excluded.ultima_seq)`, updatedAt: sql`now()` },
    });
}

/** A system notice (origemTipo Aviso) in a conversation's history, written by whoever caused it. */
export async function insertAviso(db: Db, conversaId: string, autor: Pessoa, texto: string): Promise<TMensagem> {
  const [row] = await db
    .insert(chatMensagens)
    .values({ conversaId, remetenteId: autor.id, origemTipo: ORIGEM_TIPO.aviso, tipo: 'text', conteudo: texto })
    .returning();
  return presentMensagem(row!, autor, false);
}

export type EnvioResult = { mensagem: TMensagem; change: ChatChange | null };

/**
 * Stores a message once per client id: a resend answers the stored message and publishes nothing new.
 * Stored before anyone is told (ack or broadcast); the sender's read mark moves past it.
 */
export async function enviarMensagem(db: Db, user: TSessionUser, input: TEnviarMensagem): Promise<EnvioResult> {
  const { conversa, eu } = await acessarConversa(db, user, input.conversaId);
  const m = input.mensagem;
  const comMidia = m.tipo !== 'text';
  const [row] = await db
    .insert(chatMensagens)
    .values({
      conversaId: conversa.id,
      remetenteId: user.id,
      origemTipo: ORIGEM_TIPO.usuario,
      tipo: m.tipo,
      conteudo: m.texto,
      midiaUrl: comMidia ? m.midiaUrl : null,
      nomeArquivo: comMidia ? m.nomeArquivo : null,
      clientId: m.id,
    })
    .onConflictDoNothing({ target: [chatMensagens.conversaId, chatMensagens.clientId] })
    .returning();
  if (!row) return { mensagem: await storedResend(db, conversa.id, m.id, eu), change: null };
  await markRead(db, conversa.id, [user.id], row.seq);
  const mensagem = presentMensagem(row, eu, false);
  return {
    mensagem,
    change: {
      conversaId: conversa.id,
      mensagens: [mensagem],
      receivers: await memberIds(db, user.accountId, conversa.id),
      listChangedFor: [],
    },
  };
}

async function storedResend(db: Db, conversaId: string, clientId: string, eu: Pessoa): Promise<TMensagem> {
  const [existing] = await db
    .select()
    .from(chatMensagens)
    .where(and(eq(chatMensagens.conversaId, conversaId), eq(chatMensagens.clientId, clientId)))
    .limit(1);
  // Another sender's id colliding with ours: refuse rather than hand over their message.
  if (!existing || existing.remetenteId !== eu.id) throw new Conflict('Já existe uma mensagem com esse id nesta conversa');
  return presentMensagem(existing, eu, false);
}

/** Spec part 2 §3/§7: one page, newest page first, messages oldest -> newest within it. */
export async function listarMensagens(
  db: Db,
  user: TSessionUser,
  conversaId: string,
  query: { page: number; skip?: number; pageSize: number },
): Promise<TMensagensPagina> {
  const { conversa } = await acessarConversa(db, user, conversaId);
  const offset = query.skip ?? (query.page - 1) * query.pageSize;
  const [totals] = await db.select({ total: count() }).from(chatMensagens).where(eq(chatMensagens.conversaId, conversa.id));
  const rows = await db
    .select({ m: chatMensagens, nome: users.nome, fotoUrl: users.fotoUrl })
    .from(chatMensagens)
    .leftJoin(users, eq(users.id, chatMensagens.remetenteId))
    .where(eq(chatMensagens.conversaId, conversa.id))
    .orderBy(desc(chatMensagens.seq))
    .limit(query.pageSize)
    .offset(offset);
  const lida = await readChecker(db, conversa.id, user.id);
  const total = totals?.total ?? 0;
  return {
    mensagens: rows.reverse().map((r) => presentMensagem(r.m, r.nome === null ? null : { nome: r.nome, fotoUrl: r.fotoUrl }, lida(r.m))),
    hasMore: offset + rows.length < total,
    currentPage: query.skip === undefined ? query.page : Math.floor(offset / query.pageSize) + 1,
    totalCount: total,
  };
}

/** `lida`: another's message, when the viewer has read it; the viewer's own, when anyone else has. */
async function readChecker(db: Db, conversaId: string, viewerId: string): Promise<(m: ChatMensagemRow) => boolean> {
  const marks = await db
    .select({ usuarioId: chatLeituras.usuarioId, seq: chatLeituras.ultimaSeq })
    .from(chatLeituras)
    .where(eq(chatLeituras.conversaId, conversaId));
  const mine = marks.find((k) => k.usuarioId === viewerId)?.seq ?? 0;
  const others = Math.max(0, ...marks.filter((k) => k.usuarioId !== viewerId).map((k) => k.seq));
  return (m) => (m.remetenteId === viewerId ? others >= m.seq : mine >= m.seq);
}

/** Spec part 2 §7 ViewMessages: read up to the given message (our id or the client's), or to the newest. */
export async function visualizarMensagens(db: Db, user: TSessionUser, input: TVisualizarInput): Promise<void> {
  const { conversa } = await acessarConversa(db, user, input.conversaId);
  const ref = input.ultimaMensagemId?.trim();
  let seq: number | null;
  if (ref) {
    const [row] = await db
      .select({ seq: chatMensagens.seq })
      .from(chatMensagens)
      .where(
        and(
          eq(chatMensagens.conversaId, conversa.id),
          or(eq(chatMensagens.clientId, ref), isUuid(ref) ? eq(chatMensagens.id, ref) : undefined),
        ),
      )
      .orderBy(desc(chatMensagens.seq))
      .limit(1);
    if (!row) throw new NotFound(CHAT_INTERNO_VALIDACAO.mensagemNaoEncontrada);
    seq = row.seq;
  } else {
    seq = await lastSeq(db, conversa.id);
  }
  if (seq !== null) await markRead(db, conversa.id, [user.id], Number(seq));
}

/** The newest message's position in a conversation, or null when it has none. */
export async function lastSeq(db: Db, conversaId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: max(chatMensagens.seq) })
    .from(chatMensagens)
    .where(eq(chatMensagens.conversaId, conversaId));
  return row?.seq == null ? null : Number(row.seq);
}
