import { and, eq, inArray, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { AUTOMATICO_TEXTS as T, type THorarios, type THorariosResposta, type TMenu } from '@balcao/shared/atendimento-automatico';
import { accounts } from '../../db/schema/accounts';
import { canais } from '../../db/schema/atendimentos';
import { horariosAtendimento, type MenuRow, menusBoasVindas } from '../../db/schema/atendimento-automatico';
import { departamentos } from '../../db/schema/departamentos';
import { type Db, perDatabase } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';

/**
 * Every customer message asks for its account's hours and its channel's menu: they are kept a few seconds
 * (a burst reads them once). A change made here forgets them at once; another instance sees it within KEPT_MS.
 */
const KEPT_MS = 5000;
type HorariosKept = { horarios: Pick<THorarios, 'dias' | 'feriados' | 'mensagemForaDoHorario'> | null; timeZone: string };
const keptHorarios = perDatabase(() => new LRUCache<string, HorariosKept>({ max: 5000, ttl: KEPT_MS }));
const keptMenus = perDatabase(() => new LRUCache<string, { menu: MenuRow | null }>({ max: 5000, ttl: KEPT_MS }));

export async function horariosOf(db: Db, accountId: string): Promise<HorariosKept> {
  const kept = keptHorarios(db).get(accountId);
  if (kept) return kept;
  const [row] = await db
    .select({ timeZone: accounts.timeZone, h: horariosAtendimento })
    .from(accounts)
    .leftJoin(horariosAtendimento, eq(horariosAtendimento.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  const value: HorariosKept = { horarios: row?.h ?? null, timeZone: row?.timeZone ?? 'America/Sao_Paulo' };
  keptHorarios(db).set(accountId, value);
  return value;
}

export async function menuOf(db: Db, canalId: string): Promise<MenuRow | null> {
  const kept = keptMenus(db).get(canalId);
  if (kept) return kept.menu;
  const [menu] = await db.select().from(menusBoasVindas).where(eq(menusBoasVindas.canalId, canalId)).limit(1);
  keptMenus(db).set(canalId, { menu: menu ?? null });
  return menu ?? null;
}

/** An account that never set its hours is always open (no away message), with a message ready to edit. */
export async function getHorarios(db: Db, accountId: string): Promise<THorariosResposta> {
  const { horarios, timeZone } = await horariosOf(db, accountId);
  if (!horarios) return { dias: [], feriados: [], mensagemForaDoHorario: T.mensagemPadrao, timeZone, configurado: false };
  return {
    dias: horarios.dias,
    feriados: horarios.feriados,
    mensagemForaDoHorario: horarios.mensagemForaDoHorario,
    timeZone,
    configurado: true,
  };
}

export async function putHorarios(db: Db, accountId: string, h: THorarios): Promise<THorariosResposta> {
  const dias = [...h.dias]
    .sort((a, b) => a.dia - b.dia)
    .map((d) => ({ dia: d.dia, periodos: [...d.periodos].sort((a, b) => a.inicio.localeCompare(b.inicio)) }));
  const feriados = [...new Set(h.feriados)].sort();
  const values = { dias, feriados, mensagemForaDoHorario: h.mensagemForaDoHorario, updatedAt: new Date() };
  await db
    .insert(horariosAtendimento)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: horariosAtendimento.accountId, set: values });
  keptHorarios(db).delete(accountId);
  return getHorarios(db, accountId);
}

/** The account's live channel, or 404 (another account's id answers the same). */
async function assertCanal(db: Db, accountId: string, canalId: string) {
  const [canal] = await db
    .select({ id: canais.id })
    .from(canais)
    .where(and(eq(canais.id, canalId), eq(canais.accountId, accountId), isNull(canais.removidoEm)))
    .limit(1);
  if (!canal) throw new NotFound(T.canalNaoEncontrado);
}

const presentMenu = (canalId: string, m: MenuRow | null) =>
  m
    ? {
        canalId,
        ativo: m.ativo,
        saudacao: m.saudacao,
        opcoes: m.opcoes,
        mensagemOpcaoInvalida: m.mensagemOpcaoInvalida,
        tentativas: m.tentativas,
      }
    : { canalId, ativo: false, saudacao: '', opcoes: [], mensagemOpcaoInvalida: '', tentativas: 3 };

export async function getMenu(db: Db, accountId: string, canalId: string) {
  await assertCanal(db, accountId, canalId);
  return presentMenu(canalId, await menuOf(db, canalId));
}

export async function putMenu(db: Db, accountId: string, canalId: string, m: TMenu) {
  await assertCanal(db, accountId, canalId);
  const ids = [...new Set(m.opcoes.map((o) => o.departamentoId))];
  if (ids.length) {
    const found = await db
      .select({ id: departamentos.id })
      .from(departamentos)
      .where(and(eq(departamentos.accountId, accountId), inArray(departamentos.id, ids)));
    if (found.length !== ids.length) throw new BadRequest(T.departamentoInexistente, { opcoes: [T.departamentoInexistente] });
  }
  const opcoes = [...m.opcoes].sort((a, b) => a.numero - b.numero);
  const values = {
    ativo: m.ativo,
    saudacao: m.saudacao,
    opcoes,
    mensagemOpcaoInvalida: m.mensagemOpcaoInvalida,
    tentativas: m.tentativas,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(menusBoasVindas)
    .values({ canalId, accountId, ...values })
    .onConflictDoUpdate({ target: menusBoasVindas.canalId, set: values })
    .returning();
  keptMenus(db).delete(canalId);
  return presentMenu(canalId, row!);
}
