import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { atendimentos, clientes } from '../../db/schema/atendimentos';
import { loja } from '../atendimento-automatico/testing';
import { login } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { whatsappTestApp } from '../../test/whatsapp-channel';

describe.each(DB_KINDS)('CSV exports on %s', (kind) => {
  const s = whatsappTestApp(kind);

  it('streams the period as a Brazilian spreadsheet opens it: BOM, ";", quoted fields, dd/MM/yyyy HH:mm, every page', async () => {
    const l = await loja(s.t, s.graph);
    await l.escreve('5571966660001', 'oi');
    const a = (await l.linhas('0001')).row!;
    await s.t.ctx.db.update(clientes).set({ nome: 'Ana; "Aninha"\nSilva' }).where(eq(clientes.id, a.clienteId));
    await s.t.ctx.db
      .update(atendimentos)
      .set({ inicio: new Date('2026-03-10T12:05:00Z'), nota: 5 })
      .where(eq(atendimentos.id, a.atendimentoId));
    // More rows than one page: 1,200 conversations of the same customer in March, finished.
    await s.t.ctx.db.execute(sql`
      insert into atendimentos (account_id, ticket, cliente_id, canal_id, origem, status, inicio, fim, primeira_resposta_em)
      select ${l.acc.account.id}, 1000 + g, ${a.clienteId}, ${l.canal.id}, 'whatsapp', 'finalizado',
             timestamptz '2026-03-01 12:00:00+00' + g * interval '1 minute',
             timestamptz '2026-03-01 12:00:00+00' + g * interval '1 minute' + interval '90 seconds',
             timestamptz '2026-03-01 12:00:00+00' + g * interval '1 minute' + interval '30 seconds'
      from generate_series(1, 1200) g`);
    const r = await s.t.app.inject({
      method: 'GET',
      url: '/backend/api/relatorios/atendimentos.csv?dataInicio=2026-03-01&dataFim=2026-03-31',
      headers: l.master.auth,
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('attachment; filename="atendimentos-2026-03-01-a-2026-03-31.csv"');
    expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = r.rawPayload.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Ticket;Cliente;Número;Canal;Departamento;Atendente;Status;Início;Fim;Primeira resposta (min);Duração (min);Nota;Etiquetas',
    );
    expect(lines).toHaveLength(1 + 1201 + 1);
    expect(lines[1]).toBe('1001;"Ana; ""Aninha""\nSilva";+5571966660001;WhatsApp;;;Finalizado;01/03/2026 09:01;01/03/2026 09:02;0,5;1,5;;');
    expect(lines.at(-2)).toBe(`${a.ticket};"Ana; ""Aninha""\nSilva";+5571966660001;WhatsApp;;;Aguardando;10/03/2026 09:05;;;;5;`);

    const filtered = await s.t.app.inject({
      method: 'GET',
      url: '/backend/api/relatorios/atendimentos.csv?dataInicio=2026-03-10T09:00&dataFim=2026-03-10T09:10',
      headers: l.master.auth,
    });
    expect(filtered.rawPayload.toString('utf8').split('\r\n')).toHaveLength(3);
    const bad = await s.t.app.inject({
      method: 'GET',
      url: '/backend/api/relatorios/atendimentos.csv?dataInicio=2026-03-31&dataFim=2026-03-01',
      headers: l.master.auth,
    });
    expect(bad.statusCode).toBe(400);
    const atendente = await login(s.t.app, (await l.acc.addUser('atendente')).email);
    const refused = await s.t.app.inject({
      method: 'GET',
      url: '/backend/api/relatorios/atendimentos.csv?dataInicio=2026-03-01&dataFim=2026-03-31',
      headers: atendente.auth,
    });
    expect(refused.statusCode).toBe(403);
    // Another account's export has none of these.
    const other = await loja(s.t, s.graph);
    const theirs = await s.t.app.inject({
      method: 'GET',
      url: '/backend/api/relatorios/atendimentos.csv?dataInicio=2026-03-01&dataFim=2026-03-31',
      headers: other.master.auth,
    });
    expect(theirs.rawPayload.toString('utf8').split('\r\n')).toHaveLength(2);
  });

  it('exports the overview figures', async () => {
    const l = await loja(s.t, s.graph);
    await l.escreve('5571966660002', 'oi');
    await l.call('POST', '/backend/api/etiquetas', { nome: 'Troca; urgente', cor: '#16a34a' });
    const r = await s.t.app.inject({ method: 'GET', url: '/backend/api/relatorios/visao-geral.csv?periodo=dia', headers: l.master.auth });
    expect(r.statusCode).toBe(200);
    const text = r.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFVisão geral;')).toBe(true);
    expect(text).toContain('\r\nAtendimentos abertos;1\r\n');
    expect(text).toContain('\r\nEtiqueta;Atendimentos\r\n"Troca; urgente";0\r\n');
  });
});
