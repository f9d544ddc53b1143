import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TDashboardResult } from '@balcao/shared/dashboard';
import { atendimentos } from '../../db/schema/atendimentos';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';
import { makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';

const DAY_MS = 86_400_000;
/** YYYY-MM-DDTHH:mm:ss in São Paulo (UTC-3, no daylight saving since 2019), as the web sends it. */
const localIso = (d: Date) => new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 19);

describe.each(DB_KINDS)('personal dashboard figures on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let atendenteId: string;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const acc = await makeAccount(t.ctx.db);
    const atendente = await acc.addUser('atendente', { nome: 'Bia' });
    const s = await login(t.app, atendente.email);
    auth = s.auth;
    atendenteId = atendente.id;
    const admin = await login(t.app, acc.master.email);
    const canal = await makeCanal(t, admin.auth);
    // Finished 1 hour, 3 days, 20 days and 40 days ago; lasting 10, 20, 30 and 40 minutes; rated 5, 4, 3, 1.
    const plan = [
      { agoMs: 3600_000, minutes: 10, nota: 5 },
      { agoMs: 3 * DAY_MS, minutes: 20, nota: 4 },
      { agoMs: 20 * DAY_MS, minutes: 30, nota: 3 },
      { agoMs: 40 * DAY_MS, minutes: 40, nota: 1 },
    ];
    for (const p of plan) {
      const v = await makeVisitor(t, canal);
      await v.send('olá');
      const [row] = await t.ctx.db.select({ id: atendimentos.id }).from(atendimentos).where(eq(atendimentos.status, 'aguardando')).limit(1);
      const fim = new Date(now.getTime() - p.agoMs);
      await t.ctx.db
        .update(atendimentos)
        .set({
          status: 'finalizado',
          atendenteId,
          fim,
          inicio: new Date(fim.getTime() - p.minutes * 60_000),
          nota: p.nota,
          avaliadoEm: fim,
        })
        .where(eq(atendimentos.id, row!.id));
    }
    // One still open, started now.
    const open = await makeVisitor(t, canal);
    await open.send('ainda aqui');
    await t.ctx.db.update(atendimentos).set({ status: 'em_atendimento', atendenteId }).where(eq(atendimentos.status, 'aguardando'));
  });
  afterAll(() => t.close());

  const period = async (days: number | 'dia') => {
    const end = `${localIso(now).slice(0, 10)}T23:59:59`;
    const start = days === 'dia' ? `${localIso(now).slice(0, 10)}T00:00:00` : localIso(new Date(now.getTime() - days * DAY_MS));
    const q = `atendenteId=${atendenteId}&dataInicio=${start}&dataFim=${end}`;
    const dash = await t.app.inject({ method: 'GET', url: `/backend/api/atendimento/dashboard?${q}`, headers: auth });
    const list = await t.app.inject({ method: 'GET', url: `/backend/api/atendimento/list?${q}`, headers: auth });
    expect(dash.statusCode).toBe(200);
    return { dash: dash.json() as TDashboardResult, list: list.json() as { ticket: number; nota: number }[] };
  };

  it('counts the last 30 days for Mês', async () => {
    const { dash, list } = await period(30);
    expect(dash).toEqual({ atendimentosFinalizados: 3, atendimentosAbertos: 1, notaMedia: 4, tempoMedioAtendimento: '20' });
    expect(list.map((r) => r.nota)).toEqual([5, 4, 3]);
  });
  it('counts the last 7 days for Semana', async () => {
    const { dash } = await period(7);
    expect(dash).toMatchObject({ atendimentosFinalizados: 2, notaMedia: 4.5, tempoMedioAtendimento: '15' });
  });
  it('counts today for Dia (an hour ago may be yesterday just after midnight)', async () => {
    const { dash } = await period('dia');
    const todayLocal = localIso(now).slice(0, 10);
    const hourAgoLocal = localIso(new Date(now.getTime() - 3600_000)).slice(0, 10);
    const expected = hourAgoLocal === todayLocal ? 1 : 0;
    expect(dash.atendimentosFinalizados).toBe(expected);
    expect(dash.atendimentosAbertos).toBe(1);
  });
  it('answers no average when nothing was finished', async () => {
    const q = `atendenteId=${atendenteId}&dataInicio=2001-01-01T00:00:00&dataFim=2001-01-31T23:59:59`;
    const r = await t.app.inject({ method: 'GET', url: `/backend/api/atendimento/dashboard?${q}`, headers: auth });
    expect(r.json()).toEqual({ atendimentosFinalizados: 0, atendimentosAbertos: 0, notaMedia: null, tempoMedioAtendimento: null });
    const bad = await t.app.inject({
      method: 'GET',
      url: `/backend/api/atendimento/dashboard?atendenteId=${atendenteId}&dataInicio=ontem&dataFim=hoje`,
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Data inválida.');
  });
});
