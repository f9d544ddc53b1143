import { and, eq, inArray, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import {
  AUTOMATICO_TEXTS as T,
  type TCanalComMenu,
  type THorarios,
  type THorariosDepartamentoResposta,
  type THorariosResposta,
  type TMenu,
} from '@balcao/shared/atendimento-automatico';
import { EXIBICAO_PROVEDOR } from '@balcao/shared/canais';
import { accounts } from '../../db/schema/accounts';
import { canais } from '../../db/schema/atendimentos';
import { horariosAtendimento, horariosDepartamento, type MenuRow, menusBoasVindas } from '../../db/schema/atendimento-automatico';
import { departamentos } from '../../db/schema/departamentos';
import { type Db, perDatabase } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';
import { listCanais } from '../canais/service';
import { getDepartamento } from '../departamentos/service';

/**
 * Every customer message asks for its account's hours (and its departments': one read answers both) and its
 * channel's menu: they are kept a few seconds (a burst reads them once). A change made here forgets them at
 * once; another instance sees it within KEPT_MS.
 */
const KEPT_MS = 5000;
type Horarios = Pick<THorarios, 'dias' | 'feriados' | 'mensagemForaDoHorario'>;
type HorariosKept = { horarios: Horarios | null; timeZone: string; departamentos: ReadonlyMap<string, Horarios> };
const keptHorarios = perDatabase(() => new LRUCache<string, HorariosKept>({ max: 5000, ttl: KEPT_MS }));
const keptMenus = perDatabase(() => new LRUCache<string, { menu: MenuRow | null }>({ max: 5000, ttl: KEPT_MS }));

export async function horariosOf(db: Db, accountId: string): Promise<HorariosKept> {
  const kept = keptHorarios(db).get(accountId);
  if (kept) return kept;
  const [[row], proprios] = await Promise.all([
    db
      .select({ timeZone: accounts.timeZone, h: horariosAtendimento })
      .from(accounts)
      .leftJoin(horariosAtendimento, eq(horariosAtendimento.accountId, accounts.id))
      .where(eq(accounts.id, accountId))
      .limit(1),
    db.select().from(horariosDepartamento).where(eq(horariosDepartamento.accountId, accountId)),
  ]);
  const value: HorariosKept = {
    horarios: row?.h ?? null,
    timeZone: row?.timeZone ?? 'America/Sao_Paulo',
    departamentos: new Map(proprios.map((d) => [d.departamentoId, d])),
  };
  keptHorarios(db).set(accountId, value);
  return value;
}

/** The hours a conversation follows: its department's own, else the account's (null: always open). */
export function horariosPara(kept: HorariosKept, departamentoId: string | null): Horarios | null {
  return (departamentoId ? kept.departamentos.get(departamentoId) : undefined) ?? kept.horarios;
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
  return presentHorarios(await horariosOf(db, accountId));
}

function presentHorarios({ horarios, timeZone }: HorariosKept): THorariosResposta {
  if (!horarios) return { dias: [], feriados: [], mensagemForaDoHorario: T.mensagemPadrao, timeZone, configurado: false };
  return {
    dias: horarios.dias,
    feriados: horarios.feriados,
    mensagemForaDoHorario: horarios.mensagemForaDoHorario,
    timeZone,
    configurado: true,
  };
}

/** Days in week order, periods by start, holidays once each in date order. */
function normalised(h: THorarios) {
  const dias = [...h.dias]
    .sort((a, b) => a.dia - b.dia)
    .map((d) => ({ dia: d.dia, periodos: [...d.periodos].sort((a, b) => a.inicio.localeCompare(b.inicio)) }));
  const feriados = [...new Set(h.feriados)].sort();
  return { dias, feriados, mensagemForaDoHorario: h.mensagemForaDoHorario, updatedAt: new Date() };
}

export async function putHorarios(db: Db, accountId: string, h: THorarios): Promise<THorariosResposta> {
  const values = normalised(h);
  await db
    .insert(horariosAtendimento)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: horariosAtendimento.accountId, set: values });
  keptHorarios(db).delete(accountId);
  return getHorarios(db, accountId);
}

export async function getHorariosDepartamento(db: Db, accountId: string, departamentoId: string): Promise<THorariosDepartamentoResposta> {
  await getDepartamento(db, accountId, departamentoId);
  const kept = await horariosOf(db, accountId);
  const proprio = kept.departamentos.get(departamentoId);
  if (!proprio) return { ...presentHorarios(kept), departamentoId, proprio: false };
  const { dias, feriados, mensagemForaDoHorario } = proprio;
  return { dias, feriados, mensagemForaDoHorario, timeZone: kept.timeZone, configurado: true, departamentoId, proprio: true };
}

export async function putHorariosDepartamento(db: Db, accountId: string, departamentoId: string, h: THorarios) {
  await getDepartamento(db, accountId, departamentoId);
  const values = normalised(h);
  await db
    .insert(horariosDepartamento)
    .values({ departamentoId, accountId, ...values })
    .onConflictDoUpdate({ target: horariosDepartamento.departamentoId, set: values });
  keptHorarios(db).delete(accountId);
  return getHorariosDepartamento(db, accountId, departamentoId);
}

/** The department goes back to the account's hours. */
export async function deleteHorariosDepartamento(db: Db, accountId: string, departamentoId: string) {
  await getDepartamento(db, accountId, departamentoId);
  await db
    .delete(horariosDepartamento)
    .where(and(eq(horariosDepartamento.departamentoId, departamentoId), eq(horariosDepartamento.accountId, accountId)));
  keptHorarios(db).delete(accountId);
  return getHorariosDepartamento(db, accountId, departamentoId);
}

/** The channels a welcome menu can be set on: all the account's live ones (each kind replies to its customers). */
export async function canaisComMenu(db: Db, accountId: string): Promise<TCanalComMenu[]> {
  return (await listCanais(db, accountId)).map((c) => ({
    id: c.id,
    nome: c.nome,
    rotulo: EXIBICAO_PROVEDOR[c.tipo].rotulo,
    ativo: c.ativo,
  }));
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
