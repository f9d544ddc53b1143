import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import {
  WIDGET_CONSENTIMENTO,
  WIDGET_TEXTS,
  type TPreChat,
  type TWidgetConfig,
  type TWidgetSession,
  type TWidgetUser,
} from '@balcao/shared/widget';
import { accounts } from '../../db/schema/accounts';
import {
  atendimentos,
  canais,
  clientes,
  mensagens,
  visitantes,
  asCanal,
  type CanalRow,
  type VisitanteRow,
  type WidgetCanalRow,
} from '../../db/schema/atendimentos';
import { departamentos } from '../../db/schema/departamentos';
import type { SecretCipher } from '../../lib/cipher';
import type { Db } from '../../lib/db';
import { Forbidden, NotFound } from '../../lib/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import { presentMensagem, presentWidgetMessage } from '../../modules/atendimentos/presenter';
import { selectMensagens } from '../../modules/atendimentos/queries';
import { visitorCustomer } from '../../modules/atendimentos/ingest/customers';
import { MENSAGENS_PAGE_SIZE } from '@balcao/shared/atendimentos';
import { registrarOptIn } from '../../modules/consentimento/service';
import { centralDoCanal } from './ajuda';

export type WidgetCanal = WidgetCanalRow & { databaseName: string };

export async function findCanalByToken(db: Db, token: string): Promise<WidgetCanal> {
  const [row] = await db
    .select({ canal: canais, databaseName: accounts.databaseName })
    .from(canais)
    .innerJoin(accounts, eq(accounts.id, canais.accountId))
    .where(and(eq(canais.token, token), eq(canais.tipo, 'widget'), eq(canais.ativo, true), isNull(canais.removidoEm)))
    .limit(1);
  if (!row) throw new NotFound(WIDGET_TEXTS.canalInvalido);
  return { ...(asCanal(row.canal) as WidgetCanalRow), databaseName: row.databaseName };
}

const normalizeOrigin = (o: string) => o.trim().toLowerCase().replace(/\/+$/, '');
/** Only the channel's sites may use it; our own origin (the /widget-conversations popout) always may. */
export function originAllowed(canal: Pick<WidgetCanalRow, 'config'>, origin: string | undefined, ownOrigin: string): boolean {
  if (!origin) return false;
  const o = normalizeOrigin(origin);
  return o === normalizeOrigin(ownOrigin) || canal.config.origensPermitidas.some((allowed) => normalizeOrigin(allowed) === o);
}

const identityHash = (secret: string, identifier: string) => createHmac('sha256', secret).update(identifier).digest('hex');

/** The site's logged-in visitor, when the hash proves it: HMAC-SHA256(channel secret, identifier). */
function verifiedIdentifier(canal: WidgetCanalRow, cipher: SecretCipher, user: TWidgetUser | null | undefined): string | null {
  const ok = () => {
    if (!user?.hash) return false;
    const expected = Buffer.from(identityHash(cipher.decrypt(canal.segredoCifrado), user.identifier));
    const given = Buffer.from(user.hash.toLowerCase());
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  if (canal.config.verificarIdentidade) {
    if (!ok()) throw new Forbidden(WIDGET_TEXTS.identidadeInvalida);
    return user!.identifier;
  }
  return user && ok() ? user.identifier : null;
}

/**
 * `ownPage`: our popout asks, and learns the channel's sites (whose window may hand it a visitor). `ajuda`: the
 * help centre the channel is linked to (channels/widget/ajuda), searched before a conversation.
 */
export function widgetConfig(
  canal: WidgetCanalRow,
  deps: { id: string; nome: string }[],
  ownPage = false,
  ajuda: { nome: string } | null = null,
): TWidgetConfig {
  const c = canal.config;
  return {
    ...(ownPage ? { origens: c.origensPermitidas } : {}),
    ajuda: ajuda && { nome: ajuda.nome },
    nome: canal.nome,
    cor: c.cor,
    saudacao: c.saudacao,
    camposPreChat: c.camposPreChat,
    departamentos: c.escolherDepartamento ? deps.filter((d) => c.departamentoIds.length === 0 || c.departamentoIds.includes(d.id)) : [],
    verificarIdentidade: c.verificarIdentidade,
    consentimento: c.pedirConsentimento ? WIDGET_CONSENTIMENTO.texto : null,
  };
}

export async function accountDepartamentos(db: Db, accountId: string) {
  return db
    .select({ id: departamentos.id, nome: departamentos.nome })
    .from(departamentos)
    .where(eq(departamentos.accountId, accountId))
    .orderBy(departamentos.nome);
}

async function findVisitante(db: Db, canal: CanalRow, token: string | null | undefined): Promise<VisitanteRow | null> {
  if (!token) return null;
  const [row] = await db
    .select()
    .from(visitantes)
    .where(and(eq(visitantes.tokenHash, hashOpaqueToken(token)), eq(visitantes.canalId, canal.id)))
    .limit(1);
  return row ?? null;
}

export async function requireVisitante(db: Db, canal: CanalRow, token: string | null | undefined): Promise<VisitanteRow> {
  const v = await findVisitante(db, canal, token);
  if (!v) throw new Forbidden(WIDGET_TEXTS.sessaoInvalida);
  return v;
}

const visitorName = () => `Visitante ${randomBytes(2).toString('hex').toUpperCase()}`;

/** Resumes the visitor of the stored token, or the verified identity's customer, or starts a new one. */
export async function startSession(
  db: Db,
  cipher: SecretCipher,
  canal: WidgetCanal,
  input: { visitante?: string | null; user?: TWidgetUser | null },
) {
  const identifier = verifiedIdentifier(canal, cipher, input.user);
  let visitante: VisitanteRow | null | undefined = await findVisitante(db, canal, input.visitante);
  let clienteId = visitante?.clienteId ?? null;
  if (identifier || !clienteId) {
    const nome = input.user?.nome || visitorName();
    const found = await visitorCustomer(db, canal.accountId, { identificador: identifier, nome, email: input.user?.email ?? null });
    if (identifier && visitante && visitante.clienteId !== found) visitante = null;
    clienteId = found;
  }
  let token = input.visitante ?? null;
  if (!visitante) {
    const fresh = newOpaqueToken();
    [visitante] = await db.insert(visitantes).values({ canalId: canal.id, clienteId, tokenHash: fresh.hash }).returning();
    token = fresh.value;
  }
  return { visitante: visitante!, token: token! };
}

export async function sessionView(
  db: Db,
  canal: WidgetCanal,
  v: VisitanteRow,
  token: string,
  avaliacaoUrl: (id: string) => string,
  ownPage = false,
): Promise<TWidgetSession> {
  const [cliente] = await db.select().from(clientes).where(eq(clientes.id, v.clienteId)).limit(1);
  const [ultimo] = await db
    .select({ id: atendimentos.id, status: atendimentos.status, nota: atendimentos.nota, atendenteId: atendimentos.atendenteId })
    .from(atendimentos)
    .where(and(eq(atendimentos.clienteId, v.clienteId), eq(atendimentos.canalId, canal.id)))
    .orderBy(desc(atendimentos.inicio))
    .limit(1);
  const page = await visitorMessages(db, canal, v, null);
  const c = canal.config;
  const atendenteNome = ultimo?.atendenteId ? (page.atendenteNome ?? null) : null;
  const [deps, central] = await Promise.all([accountDepartamentos(db, canal.accountId), centralDoCanal(db, canal)]);
  return {
    visitante: token,
    config: widgetConfig(canal, deps, ownPage, central),
    cliente: { nome: cliente?.nome ?? null, email: cliente?.email ?? null },
    precisaPreChat: !v.preChatEm && !ultimo && (c.camposPreChat.length > 0 || c.escolherDepartamento || Boolean(c.pedirConsentimento)),
    atendimento: ultimo
      ? {
          status: ultimo.status,
          atendenteNome,
          avaliacaoUrl: ultimo.status === 'finalizado' && ultimo.nota === null ? avaliacaoUrl(ultimo.id) : null,
        }
      : null,
    mensagens: page.mensagens,
    hasMore: page.hasMore,
  };
}

/** The visitor's whole history on this channel (every atendimento), newest page first, oldest to newest. */
export async function visitorMessages(db: Db, canal: CanalRow, v: VisitanteRow, beforeSeq: number | null) {
  const rows = await selectMensagens(
    db,
    and(
      eq(atendimentos.clienteId, v.clienteId),
      eq(atendimentos.canalId, canal.id),
      ne(mensagens.tipo, 'reaction'),
      eq(mensagens.interna, false),
      beforeSeq ? lt(mensagens.seq, beforeSeq) : undefined,
    ),
  )
    .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
    .orderBy(desc(mensagens.seq))
    .limit(MENSAGENS_PAGE_SIZE + 1);
  const hasMore = rows.length > MENSAGENS_PAGE_SIZE;
  const page = rows.slice(0, MENSAGENS_PAGE_SIZE).reverse();
  const lastAgent = [...page].reverse().find((r) => r.m.autor === 'atendente');
  return {
    mensagens: page.map((r) => presentWidgetMessage(presentMensagem(r))),
    hasMore,
    cursor: hasMore && page[0] ? String(page[0].m.seq) : null,
    atendenteNome: lastAgent?.atendenteNome ?? null,
  };
}

/** The pre-chat form: who the visitor is and which department they want. */
export async function savePreChat(db: Db, canal: WidgetCanalRow, v: VisitanteRow, p: TPreChat) {
  const allowedDep =
    p.departamentoId &&
    canal.config.escolherDepartamento &&
    (canal.config.departamentoIds.length === 0 || canal.config.departamentoIds.includes(p.departamentoId));
  if (allowedDep) {
    const [dep] = await db
      .select({ id: departamentos.id })
      .from(departamentos)
      .where(and(eq(departamentos.id, p.departamentoId!), eq(departamentos.accountId, canal.accountId)))
      .limit(1);
    if (!dep) throw new NotFound('Departamento não encontrado.');
  }
  const patch: Partial<typeof clientes.$inferInsert> = {};
  if (p.nome) patch.nome = p.nome;
  if (p.email) patch.email = p.email;
  if (p.telefone) patch.numero = p.telefone;
  if (Object.keys(patch).length) await db.update(clientes).set(patch).where(eq(clientes.id, v.clienteId));
  const [updated] = await db
    .update(visitantes)
    .set({ preChatEm: new Date(), departamentoId: allowedDep ? p.departamentoId! : null })
    .where(eq(visitantes.id, v.id))
    .returning();
  // Only a box the channel showed counts, recorded with the words and version it showed (not a text from the browser).
  if (p.consentimento && canal.config.pedirConsentimento) {
    await registrarOptIn(
      db,
      canal.accountId,
      v.clienteId,
      'widget',
      { finalidades: ['whatsapp', 'email'], textoMostrado: WIDGET_CONSENTIMENTO.texto, textoVersao: WIDGET_CONSENTIMENTO.versao },
      null,
    );
  }
  return updated!;
}
