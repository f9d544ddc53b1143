import { and, asc, eq, or } from 'drizzle-orm';
import {
  CHAT_INTERNO_AVISOS as AVISO,
  CHAT_INTERNO_PERMISSOES,
  CHAT_INTERNO_VALIDACAO as V,
  INTEGRANTE_TIPO,
  type TIntegranteInput,
  type TMensagem,
  type TPromoverInput,
} from '@balcao/shared/chat-interno';
import { chatConversas, chatParticipantes } from '../../db/schema/chat-interno';
import { users } from '../../db/schema/users';
import { type Db, withTransaction } from '../../lib/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { memberIds, type Acesso } from './access';
import { insertAviso, lastSeq, markRead } from './mensagens-service';
import { union, type ChatChange } from './notify';
import { departamentoDaConta, pessoa } from './service';

// Every change here is checked by the caller's policy first (routes.ts), then stored with its notice
// (origemTipo Aviso) in one transaction, and answered as the ChatChange the hub publishes.

/** Runs a change and reports who must hear about it: members after (messages), members before and after (list). */
async function change(
  db: Db,
  user: TSessionUser,
  conversaId: string,
  work: (tx: Db, before: string[]) => Promise<TMensagem[]>,
): Promise<ChatChange> {
  const before = await memberIds(db, user.accountId, conversaId);
  const mensagens = await withTransaction(db, (tx) => work(tx, before));
  const after = await memberIds(db, user.accountId, conversaId);
  return { conversaId, mensagens, receivers: after, listChangedFor: union(before, after) };
}

/** Spec part 2 §7 POST `integrante`: a user (back) in, or a department whose members join with it. */
export function adicionarIntegrante(db: Db, user: TSessionUser, acesso: Acesso, input: TIntegranteInput): Promise<ChatChange> {
  const conversaId = acesso.conversa.id;
  return change(db, user, conversaId, async (tx, before) => {
    let chegando: string[];
    let aviso: string;
    if (input.integranteTipo === INTEGRANTE_TIPO.usuario) {
      const alvo = await pessoa(tx, user.accountId, input.integranteId);
      const [row] = await tx
        .insert(chatParticipantes)
        .values({ conversaId, usuarioId: alvo.id })
        .onConflictDoUpdate({
          target: [chatParticipantes.conversaId, chatParticipantes.usuarioId],
          set: { removed: false },
          setWhere: eq(chatParticipantes.removed, true),
        })
        .returning();
      if (!row) throw new Conflict(V.participanteJaNoGrupo);
      chegando = [alvo.id];
      aviso = AVISO.adicionou(acesso.eu.nome, alvo.nome);
    } else {
      const dep = await departamentoDaConta(tx, user.accountId, input.integranteId);
      const [row] = await tx
        .insert(chatParticipantes)
        .values({ conversaId, departamentoId: dep.id })
        .onConflictDoNothing({ target: [chatParticipantes.conversaId, chatParticipantes.departamentoId] })
        .returning();
      if (!row) throw new Conflict(V.participanteJaNoGrupo);
      chegando = (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.accountId, user.accountId), eq(users.departamentoId, dep.id)))
      ).map((u) => u.id);
      aviso = AVISO.adicionouDepartamento(acesso.eu.nome, dep.nome);
    }
    // Newcomers start reading at the current end: the history is there to scroll, not a wall of unread.
    const seq = await lastSeq(tx, conversaId);
    if (seq !== null)
      await markRead(
        tx,
        conversaId,
        chegando.filter((id) => !before.includes(id)),
        seq,
      );
    return [await insertAviso(tx, conversaId, acesso.eu, aviso)];
  });
}

/** Spec part 2 §7 DELETE `integrante`. A user stays out even while a department of theirs takes part. */
export function removerIntegrante(db: Db, user: TSessionUser, acesso: Acesso, input: TIntegranteInput): Promise<ChatChange> {
  const conversaId = acesso.conversa.id;
  return change(db, user, conversaId, async (tx, before) => {
    if (input.integranteTipo === INTEGRANTE_TIPO.usuario) {
      const alvo = await pessoa(tx, user.accountId, input.integranteId);
      if (!before.includes(alvo.id)) throw new NotFound(V.participanteNaoEncontrado);
      await excluir(tx, conversaId, alvo.id);
      return [await insertAviso(tx, conversaId, acesso.eu, AVISO.removeu(acesso.eu.nome, alvo.nome))];
    }
    const dep = await departamentoDaConta(tx, user.accountId, input.integranteId);
    const gone = await tx
      .delete(chatParticipantes)
      .where(and(eq(chatParticipantes.conversaId, conversaId), eq(chatParticipantes.departamentoId, dep.id)))
      .returning({ id: chatParticipantes.id });
    if (!gone.length) throw new NotFound(V.participanteNaoEncontrado);
    return [await insertAviso(tx, conversaId, acesso.eu, AVISO.removeuDepartamento(acesso.eu.nome, dep.nome))];
  });
}

/** Spec part 2 §7 DELETE `sair`. The last admin to leave hands the group to its longest-standing listed user. */
export function sairDoGrupo(db: Db, user: TSessionUser, acesso: Acesso): Promise<ChatChange> {
  const conversaId = acesso.conversa.id;
  return change(db, user, conversaId, async (tx) => {
    await excluir(tx, conversaId, user.id);
    const avisos = [await insertAviso(tx, conversaId, acesso.eu, AVISO.saiu(acesso.eu.nome))];
    if (!acesso.admin) return avisos;
    const listed = await tx
      .select({ id: chatParticipantes.id, admin: chatParticipantes.admin, usuarioId: chatParticipantes.usuarioId, nome: users.nome })
      .from(chatParticipantes)
      .innerJoin(users, eq(users.id, chatParticipantes.usuarioId))
      .where(and(eq(chatParticipantes.conversaId, conversaId), eq(chatParticipantes.removed, false)))
      .orderBy(asc(chatParticipantes.createdAt), asc(users.nome), asc(chatParticipantes.id));
    const heir = listed.some((p) => p.admin) ? null : listed[0];
    if (heir) {
      await tx.update(chatParticipantes).set({ admin: true }).where(eq(chatParticipantes.id, heir.id));
      avisos.push(await insertAviso(tx, conversaId, acesso.eu, AVISO.virouAdmin(heir.nome)));
    }
    return avisos;
  });
}

/** Marks a user as out of the conversation (left or removed); an admin stops being one. */
async function excluir(tx: Db, conversaId: string, usuarioId: string): Promise<void> {
  await tx
    .insert(chatParticipantes)
    .values({ conversaId, usuarioId, removed: true })
    .onConflictDoUpdate({ target: [chatParticipantes.conversaId, chatParticipantes.usuarioId], set: { removed: true, admin: false } });
}

/** Spec part 2 §7 POST `admin`: a listed, non-admin user becomes admin. */
export function promoverAdmin(db: Db, user: TSessionUser, acesso: Acesso, input: TPromoverInput): Promise<ChatChange> {
  const conversaId = acesso.conversa.id;
  return change(db, user, conversaId, async (tx) => {
    const [alvo] = await tx
      .select({
        id: chatParticipantes.id,
        admin: chatParticipantes.admin,
        usuarioId: chatParticipantes.usuarioId,
        departamentoId: chatParticipantes.departamentoId,
        nome: users.nome,
      })
      .from(chatParticipantes)
      .leftJoin(users, eq(users.id, chatParticipantes.usuarioId))
      .where(
        and(
          eq(chatParticipantes.conversaId, conversaId),
          eq(chatParticipantes.removed, false),
          // The spec's body carries only integranteId: it may name a listed user or a listed department.
          or(eq(chatParticipantes.usuarioId, input.integranteId), eq(chatParticipantes.departamentoId, input.integranteId)),
        ),
      )
      .limit(1);
    if (!alvo) throw new NotFound(V.participanteNaoEncontrado);
    if (alvo.departamentoId) throw new BadRequest(CHAT_INTERNO_PERMISSOES.departamentoNaoPromove);
    if (alvo.admin) throw new Conflict(CHAT_INTERNO_PERMISSOES.participanteJaAdmin);
    await tx.update(chatParticipantes).set({ admin: true }).where(eq(chatParticipantes.id, alvo.id));
    return [await insertAviso(tx, conversaId, acesso.eu, AVISO.promoveu(acesso.eu.nome, alvo.nome ?? ''))];
  });
}

/** Spec part 2 §7 `mudar-nome`: a new name (already trimmed and checked by ZNomeGrupo), different from the current. */
export function renomearGrupo(db: Db, user: TSessionUser, acesso: Acesso, nome: string): Promise<ChatChange> {
  if (nome === acesso.conversa.nome) throw new BadRequest(V.nomeGrupoIgual, { nome: [V.nomeGrupoIgual] });
  return change(db, user, acesso.conversa.id, async (tx) => {
    await tx.update(chatConversas).set({ nome }).where(eq(chatConversas.id, acesso.conversa.id));
    return [await insertAviso(tx, acesso.conversa.id, acesso.eu, AVISO.renomeou(acesso.eu.nome, nome))];
  });
}

/** Spec part 2 §7 `upload-foto-grupo`: the stored photo becomes the group's. */
export function alterarFotoGrupo(db: Db, user: TSessionUser, acesso: Acesso, fotoUrl: string): Promise<ChatChange> {
  return change(db, user, acesso.conversa.id, async (tx) => {
    await tx.update(chatConversas).set({ fotoUrl }).where(eq(chatConversas.id, acesso.conversa.id));
    return [await insertAviso(tx, acesso.conversa.id, acesso.eu, AVISO.alterouFoto(acesso.eu.nome))];
  });
}
