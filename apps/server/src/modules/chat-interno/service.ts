import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  CHAT_INTERNO_AVISOS,
  CHAT_INTERNO_VALIDACAO,
  classificarNovaConversa,
  type TConversa,
  type TCriarConversaInput,
} from '@balcao/shared/chat-interno';
import { chatConversas, chatLeituras, chatMensagens, chatParticipantes } from '../../db/schema/chat-interno';
import { departamentos } from '../../db/schema/departamentos';
import { users } from '../../db/schema/users';
import { type Db, withTransaction } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { isUuid } from '../usuarios/service';
import { isMember, memberIds } from './access';
import { insertAviso } from './mensagens-service';
import type { ChatChange } from './notify';
import { presentConversa, type ParticipanteView, type Pessoa } from './presenter';

/** Listed (not removed) participants of several conversations with their names, in the order they joined. */
export async function participantesDe(db: Db, conversaIds: string[]): Promise<ParticipanteView[]> {
  if (!conversaIds.length) return [];
  return (
    db
      .select({
        conversaId: chatParticipantes.conversaId,
        usuarioId: chatParticipantes.usuarioId,
        departamentoId: chatParticipantes.departamentoId,
        admin: chatParticipantes.admin,
        usuarioNome: users.nome,
        usuarioFotoUrl: users.fotoUrl,
        departamentoNome: departamentos.nome,
      })
      .from(chatParticipantes)
      .leftJoin(users, eq(users.id, chatParticipantes.usuarioId))
      .leftJoin(departamentos, eq(departamentos.id, chatParticipantes.departamentoId))
      .where(and(inArray(chatParticipantes.conversaId, conversaIds), eq(chatParticipantes.removed, false)))
      // Rows added together share a timestamp: names break the tie, so titles read the same every time.
      .orderBy(asc(chatParticipantes.createdAt), asc(users.nome), asc(departamentos.nome), asc(chatParticipantes.id))
  );
}

/**
 * The caller's conversation list, most recent first, in two queries whatever its length: one for the
 * conversations with their last message (lateral) and unread count, one for every participant's name.
 */
export async function listarConversas(db: Db, user: TSessionUser): Promise<TConversa[]> {
  const ultima = db
    .select({
      conteudo: chatMensagens.conteudo,
      tipo: chatMensagens.tipo,
      remetenteId: chatMensagens.remetenteId,
      origemTipo: chatMensagens.origemTipo,
      createdAt: chatMensagens.createdAt,
    })
    .from(chatMensagens)
    .where(eq(chatMensagens.conversaId, chatConversas.id))
    .orderBy(desc(chatMensagens.seq))
    .limit(1)
    .as('ultima');
  const rows = await db
    .select({
      conversa: chatConversas,
      ultima: {
        conteudo: ultima.conteudo,
        tipo: ultima.tipo,
        remetenteId: ultima.remetenteId,
        origemTipo: ultima.origemTipo,
        createdAt: ultima.createdAt,
      },
      naoVistas: sql<number>`(select count(*)::int from ${chatMensagens} nv where nv.conversa_id = ${chatConversas.id}
        and nv.seq > coalesce(${chatLeituras.ultimaSeq}, 0) and nv.remetente_id is distinct from ${user.id})`.mapWith(Number),
    })
    .from(chatConversas)
    .leftJoinLateral(ultima, sql`true`)
    .leftJoin(chatLeituras, and(eq(chatLeituras.conversaId, chatConversas.id), eq(chatLeituras.usuarioId, user.id)))
    .where(and(eq(chatConversas.accountId, user.accountId), isMember(chatConversas.id, user.id)))
    .orderBy(sql`coalesce(${ultima.createdAt}, ${chatConversas.createdAt}) desc`, desc(chatConversas.id));
  const byConversa = new Map<string, ParticipanteView[]>();
  for (const p of await participantesDe(
    db,
    rows.map((r) => r.conversa.id),
  )) {
    const list = byConversa.get(p.conversaId);
    if (list) list.push(p);
    else byConversa.set(p.conversaId, [p]);
  }
  return rows.map((r) => presentConversa(user.id, r.conversa, byConversa.get(r.conversa.id) ?? [], r.ultima, r.naoVistas));
}

export type Criada = { id: string; ehGrupo: boolean; created: boolean; change: ChatChange | null };

/**
 * Spec part 2 §7 `POST conversa`. One other user, no department, no name: a direct chat, reused when the pair
 * already has one. Anything else: a group with its rules (§5), the creator as its admin. Departments are
 * the master's to pick: the route checks that before calling.
 */
export async function criarConversa(db: Db, user: TSessionUser, input: TCriarConversaInput): Promise<Criada> {
  const usuarioIds = [...new Set(input.usuarios)].filter((id) => id !== user.id);
  const departamentoIds = [...new Set(input.departamentos)];
  const kind = classificarNovaConversa({ usuarios: usuarioIds, departamentos: departamentoIds, nome: input.nome });
  if (!kind.ok) throw new BadRequest(kind.mensagem, { [kind.campo]: [kind.mensagem] });
  await assertUsuariosDaConta(db, user.accountId, usuarioIds);
  await assertDepartamentosDaConta(db, user.accountId, departamentoIds);
  return kind.ehGrupo ? criarGrupo(db, user, input.nome, usuarioIds, departamentoIds) : criarDireta(db, user, usuarioIds[0]!);
}

async function criarDireta(db: Db, user: TSessionUser, outroId: string): Promise<Criada> {
  const directKey = [user.id, outroId].sort().join(':');
  const created = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(chatConversas)
      .values({ accountId: user.accountId, ehGrupo: false, directKey, createdBy: user.id })
      .onConflictDoNothing({ target: [chatConversas.accountId, chatConversas.directKey] })
      .returning();
    if (row)
      await tx.insert(chatParticipantes).values([
        { conversaId: row.id, usuarioId: user.id },
        { conversaId: row.id, usuarioId: outroId },
      ]);
    return row;
  });
  if (!created) {
    const [existing] = await db
      .select({ id: chatConversas.id })
      .from(chatConversas)
      .where(and(eq(chatConversas.accountId, user.accountId), eq(chatConversas.directKey, directKey)))
      .limit(1);
    return { id: existing!.id, ehGrupo: false, created: false, change: null };
  }
  const both = [user.id, outroId];
  return {
    id: created.id,
    ehGrupo: false,
    created: true,
    change: { conversaId: created.id, mensagens: [], receivers: both, listChangedFor: both },
  };
}

async function criarGrupo(db: Db, user: TSessionUser, nome: string, usuarioIds: string[], departamentoIds: string[]): Promise<Criada> {
  const autor = await pessoa(db, user.accountId, user.id);
  const { id, aviso } = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(chatConversas)
      .values({ accountId: user.accountId, ehGrupo: true, nome: nome.trim(), createdBy: user.id })
      .returning();
    await tx
      .insert(chatParticipantes)
      .values([
        { conversaId: row!.id, usuarioId: user.id, admin: true },
        ...usuarioIds.map((usuarioId) => ({ conversaId: row!.id, usuarioId })),
        ...departamentoIds.map((departamentoId) => ({ conversaId: row!.id, departamentoId })),
      ]);
    return { id: row!.id, aviso: await insertAviso(tx, row!.id, autor, CHAT_INTERNO_AVISOS.grupoCriado(autor.nome, nome.trim())) };
  });
  const members = await memberIds(db, user.accountId, id);
  return { id, ehGrupo: true, created: true, change: { conversaId: id, mensagens: [aviso], receivers: members, listChangedFor: members } };
}

/** A user of the account by id, or 404 (another account's id looks unknown). */
export async function pessoa(db: Db, accountId: string, userId: string): Promise<Pessoa> {
  const [row] = await db
    .select({ id: users.id, nome: users.nome, fotoUrl: users.fotoUrl })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .limit(1);
  if (!row) throw new NotFound(CHAT_INTERNO_VALIDACAO.usuarioNaoEncontrado);
  return row;
}

async function assertUsuariosDaConta(db: Db, accountId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
  if (found.length !== ids.length) throw new NotFound(CHAT_INTERNO_VALIDACAO.usuarioNaoEncontrado);
}

async function assertDepartamentosDaConta(db: Db, accountId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await db
    .select({ id: departamentos.id })
    .from(departamentos)
    .where(and(eq(departamentos.accountId, accountId), inArray(departamentos.id, ids)));
  if (found.length !== ids.length) throw new NotFound(CHAT_INTERNO_VALIDACAO.departamentoNaoEncontrado);
}

/** A department of the account by id (with its name), or 404. */
export async function departamentoDaConta(db: Db, accountId: string, id: string): Promise<{ id: string; nome: string }> {
  const [row] = !isUuid(id)
    ? []
    : await db
        .select({ id: departamentos.id, nome: departamentos.nome })
        .from(departamentos)
        .where(and(eq(departamentos.id, id), eq(departamentos.accountId, accountId)))
        .limit(1);
  if (!row) throw new NotFound(CHAT_INTERNO_VALIDACAO.departamentoNaoEncontrado);
  return row;
}

/** Spec part 2 §7 `usuarios-disponiveis`: everyone else active in the account, by name (a deactivated user cannot be added). */
export function usuariosDisponiveis(db: Db, user: TSessionUser): Promise<Pessoa[]> {
  return db
    .select({ id: users.id, nome: users.nome, fotoUrl: users.fotoUrl })
    .from(users)
    .where(and(eq(users.accountId, user.accountId), ne(users.id, user.id), eq(users.ativo, true)))
    .orderBy(asc(users.nome));
}

/** Spec part 2 §7 `departamentos-disponiveis` (the master's Departamentos tab). */
export function departamentosDisponiveis(db: Db, accountId: string) {
  return db
    .select({ id: departamentos.id, nome: departamentos.nome })
    .from(departamentos)
    .where(eq(departamentos.accountId, accountId))
    .orderBy(asc(departamentos.nome));
}

/** Spec part 2 §7 `usuarios-departamento/{id}`: the department's current members. */
export async function usuariosDoDepartamento(db: Db, accountId: string, departamentoId: string): Promise<Pessoa[]> {
  await departamentoDaConta(db, accountId, departamentoId);
  return db
    .select({ id: users.id, nome: users.nome, fotoUrl: users.fotoUrl })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.departamentoId, departamentoId), eq(users.ativo, true)))
    .orderBy(asc(users.nome));
}
