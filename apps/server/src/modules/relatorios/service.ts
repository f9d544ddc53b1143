import { and, asc, eq, gt, gte, lte, or, type SQL } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import { formatDuracao, type TVisaoGeral } from '@balcao/shared/dashboard';
import { COLUNAS_ATENDIMENTOS_CSV, RELATORIOS_TEXTS as T, type TRelatorioAtendimentosQuery } from '@balcao/shared/relatorios';
import { accounts } from '../../db/schema/accounts';
import { atendimentos, canais, clientes } from '../../db/schema/atendimentos';
import { departamentos } from '../../db/schema/departamentos';
import { etiquetas } from '../../db/schema/etiquetas';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';
import { BOM, dataHora, decimal, dia, linha } from './csv';

/** Rows read at a time: a year of a large account streams in pages, never whole in memory. */
const PAGINA = 500;

const STATUS: Record<string, string> = { aguardando: 'Aguardando', em_atendimento: 'Em atendimento', finalizado: 'Finalizado' };

/** A day (its whole length) or a wall-clock instant, read in the account's zone: [start, end]. */
function limite(v: string, timeZone: string, fim: boolean): Date {
  const [d, h] = v.split('T');
  const [y, m, dd] = d!.split('-').map(Number);
  if (!h)
    return fim
      ? new Date(new TZDate(y!, m! - 1, dd! + 1, 0, 0, timeZone).getTime() - 1)
      : new Date(new TZDate(y!, m! - 1, dd!, 0, 0, timeZone).getTime());
  const [hh, mm, ss] = h.split(':').map(Number);
  return new Date(new TZDate(y!, m! - 1, dd!, hh!, mm!, ss ?? (fim ? 59 : 0), timeZone).getTime() + (fim && ss === undefined ? 999 : 0));
}

const minutos = (a: Date | null, b: Date | null) => (a && b ? (b.getTime() - a.getTime()) / 60_000 : null);

/** One page of the export, in (inicio, id) order. */
function pagina(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: atendimentos.id,
      ticket: atendimentos.ticket,
      status: atendimentos.status,
      inicio: atendimentos.inicio,
      fim: atendimentos.fim,
      primeiraRespostaEm: atendimentos.primeiraRespostaEm,
      nota: atendimentos.nota,
      etiquetaIds: atendimentos.etiquetaIds,
      cliente: clientes.nome,
      numero: clientes.numero,
      canal: canais.nome,
      departamento: departamentos.nome,
      atendente: users.nome,
    })
    .from(atendimentos)
    .innerJoin(clientes, eq(clientes.id, atendimentos.clienteId))
    .innerJoin(canais, eq(canais.id, atendimentos.canalId))
    .leftJoin(departamentos, eq(departamentos.id, atendimentos.departamentoId))
    .leftJoin(users, eq(users.id, atendimentos.atendenteId))
    .where(where)
    .orderBy(asc(atendimentos.inicio), asc(atendimentos.id))
    .limit(PAGINA);
}

/**
 * The conversations started in the period (optionally of a department or an attendant) as CSV lines: the
 * header, then a page of rows at a time by (inicio, id), each page read only when the stream asks for more.
 */
export async function* atendimentosCsv(db: Db, accountId: string, q: TRelatorioAtendimentosQuery): AsyncGenerator<string> {
  const [account] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw new NotFound();
  const tz = account.timeZone;
  const ini = limite(q.dataInicio, tz, false);
  const fim = limite(q.dataFim, tz, true);
  if (Number.isNaN(ini.getTime()) || Number.isNaN(fim.getTime())) throw new BadRequest(T.dataInvalida, { dataInicio: [T.dataInvalida] });
  if (fim < ini) throw new BadRequest(T.intervaloInvertido, { dataFim: [T.intervaloInvertido] });
  const nomes = new Map(
    (await db.select({ id: etiquetas.id, nome: etiquetas.nome }).from(etiquetas).where(eq(etiquetas.accountId, accountId))).map((e) => [
      e.id,
      e.nome,
    ]),
  );
  const filtro = and(
    eq(atendimentos.accountId, accountId),
    gte(atendimentos.inicio, ini),
    lte(atendimentos.inicio, fim),
    q.departamentoId ? eq(atendimentos.departamentoId, q.departamentoId) : undefined,
    q.atendenteId ? eq(atendimentos.atendenteId, q.atendenteId) : undefined,
  );
  yield BOM + linha([...COLUNAS_ATENDIMENTOS_CSV]);
  let depois: { inicio: Date; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = depois
      ? or(gt(atendimentos.inicio, depois.inicio), and(eq(atendimentos.inicio, depois.inicio), gt(atendimentos.id, depois.id)))
      : undefined;
    const rows = await pagina(db, and(filtro, cursor));
    if (rows.length === 0) return;
    let out = '';
    for (const r of rows) {
      const primeira = minutos(r.inicio, r.primeiraRespostaEm);
      const duracao = minutos(r.inicio, r.fim);
      out += linha([
        r.ticket,
        r.cliente,
        r.numero,
        r.canal,
        r.departamento,
        r.atendente,
        STATUS[r.status] ?? r.status,
        dataHora(r.inicio, tz),
        dataHora(r.fim, tz),
        primeira === null ? null : decimal(primeira),
        duracao === null ? null : decimal(duracao),
        r.nota,
        r.etiquetaIds
          .map((id) => nomes.get(id))
          .filter(Boolean)
          .join(', '),
      ]);
    }
    yield out;
    if (rows.length < PAGINA) return;
    const last = rows[rows.length - 1]!;
    depois = { inicio: last.inicio, id: last.id };
  }
}

/** The overview dashboard's figures as CSV: its cards, then each table under a title line. */
export function visaoGeralCsv(v: TVisaoGeral): string {
  const n = (x: number | null) => (x === null ? null : decimal(x));
  let s = BOM + linha(['Visão geral', `${dia(v.periodo.dataInicio)} a ${dia(v.periodo.dataFim)}`]);
  s += linha(['Indicador', 'Valor']);
  s += linha(['Atendimentos abertos', v.cards.abertos]);
  s += linha(['Atendimentos finalizados', v.cards.finalizados]);
  s += linha(['Aguardando agora', v.cards.aguardandoAgora]);
  s += linha(['Tempo médio de primeira resposta', formatDuracao(v.cards.tempoMedioPrimeiraResposta)]);
  s += linha(['Tempo médio de atendimento', formatDuracao(v.cards.tempoMedioAtendimento)]);
  s += linha(['Nota média', n(v.cards.notaMedia)]);
  s += linha(['Avaliações', v.cards.avaliacoes]);
  s += linha([]) + linha(['Dia', 'Total', 'Chat do site', 'WhatsApp']);
  for (const d of v.porDia) s += linha([dia(d.dia), d.total, d.widget, d.whatsapp]);
  s += linha([]) + linha(['Departamento', 'Abertos', 'Finalizados']);
  for (const d of v.porDepartamento) s += linha([d.nome, d.abertos, d.finalizados]);
  s += linha([]) + linha(['Atendente', 'Finalizados', 'Tempo médio de atendimento', 'Nota média', 'Avaliações']);
  for (const a of v.atendentes) s += linha([a.nome, a.finalizados, formatDuracao(a.tempoMedioAtendimento), n(a.notaMedia), a.avaliacoes]);
  s += linha([]) + linha(['Etiqueta', 'Atendimentos']);
  for (const e of v.porEtiqueta ?? []) s += linha([e.nome, e.abertos]);
  return s;
}
