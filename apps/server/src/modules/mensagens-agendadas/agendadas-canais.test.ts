import { describe, expect, it } from 'vitest';
import { MENSAGENS_AGENDADAS_TEXTS as T, type TCanalAgendavel, type TMensagemAgendada } from '@balcao/shared/mensagens-agendadas';
import { wapiOf } from '../../channels/registry';
import { clientes } from '../../db/schema/atendimentos';
import { pairAccount, wapiTestApp } from '../../test/wapi-kit';
import { DB_KINDS } from '../../test/harness';
import { enviarAgendadasDevidas } from './scheduler';

/** A wall-clock time of America/Sao_Paulo (UTC-3, the accounts' default zone) `ms` from now. */
const local = (ms: number) => new Date(Date.now() + ms - 3 * 3_600_000).toISOString().slice(0, 19);

/** Scheduled messages on a WhatsApp Web number (the usual setup of a small shop), and a concluded one-off reactivated. */
describe.each(DB_KINDS)('scheduled messages on WhatsApp Web on %s', (kind) => {
  const h = wapiTestApp(kind);

  async function setup() {
    const p = await pairAccount(h);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      h.t.app.inject({ method, url, headers: p.master.auth, ...(payload ? { payload } : {}) });
    const digits = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    // A customer typed in by staff, who never wrote: no window on WhatsApp Web, so no template is needed.
    const cli = await call('POST', '/backend/api/clientes', { nome: 'Dona Maria', numero: `+${digits}` });
    expect(cli.statusCode).toBe(201);
    const clienteId = (cli.json() as { id: string }).id;
    const body = (patch: Record<string, unknown> = {}) => ({
      clienteId,
      canalId: p.canalId,
      conteudo: 'Seu pedido está pronto para retirada.',
      // A one-off, active (the defaults).
      dataEnvio: local(2_000),
      ...patch,
    });
    return { ...p, call, body, digits };
  }

  it('lists the WhatsApp Web number among the channels that can write first (no templates), never a website chat', async () => {
    const s = await setup();
    const widget = await s.call('POST', '/backend/api/canais/widget', { nome: 'Site', origensPermitidas: ['https://loja.test'] });
    expect(widget.statusCode).toBe(201);
    const canais = (await s.call('GET', '/backend/mensagemagendada/canais')).json() as TCanalAgendavel[];
    expect(canais).toEqual([{ id: s.canalId, nome: 'WhatsApp Web', ativo: true, modelos: false, janelaRespostaMs: null }]);
    const naoInicia = await s.call('POST', '/backend/mensagemagendada/save', s.body({ canalId: (widget.json() as { id: string }).id }));
    expect(naoInicia.statusCode).toBe(400);
    expect(naoInicia.json()).toMatchObject({ errors: { canalId: [T.canalSemEnvio] } });
    const comModelo = await s.call('POST', '/backend/mensagemagendada/save', s.body({ modelo: { nome: 'aviso', idioma: 'pt_BR' } }));
    expect(comModelo.statusCode).toBe(400);
    expect(comModelo.json()).toMatchObject({ errors: { modelo: [T.modeloSemSuporte] } });
    expect((await s.call('GET', `/backend/mensagemagendada/modelos/${s.canalId}`)).json()).toEqual([]);
  });

  it('a due one-off goes out through the paired phone to a customer who never wrote; reactivating it afterwards is refused', async () => {
    const s = await setup();
    const saved = await s.call('POST', '/backend/mensagemagendada/save', s.body());
    expect(saved.statusCode).toBe(200);
    const ag = saved.json() as TMensagemAgendada;
    expect(await enviarAgendadasDevidas(h.t.ctx, () => new Date(Date.now() + 5_000))).toBeGreaterThanOrEqual(1);
    await wapiOf(h.t.ctx).idle();
    const out = s.open.sent.filter((x) => (x.content as { text?: string }).text === 'Seu pedido está pronto para retirada.');
    expect(out.map((x) => x.jid)).toEqual([`${s.digits}@s.whatsapp.net`]);
    const done = (await s.call('GET', `/backend/mensagemagendada/get/${ag.id}`)).json() as TMensagemAgendada;
    expect(done).toMatchObject({ status: 'concluida', proximoEnvio: null, ultimoResultado: 'enviada', envios: 1, ultimoErro: null });

    const again = await s.call('POST', `/backend/mensagemagendada/ativar/${ag.id}`, { ativo: true });
    expect(again.statusCode).toBe(400);
    expect((again.json() as { message: string }).message).toBe(T.unicaConcluida);
    expect(await enviarAgendadasDevidas(h.t.ctx, () => new Date(Date.now() + 5_000))).toBe(0);
    const after = (await s.call('GET', `/backend/mensagemagendada/get/${ag.id}`)).json() as TMensagemAgendada;
    expect(after).toMatchObject({ status: 'concluida', proximoEnvio: null, envios: 1 });
    // Editing it with a new date is how it goes out again.
    const edited = await s.call('POST', '/backend/mensagemagendada/save', { ...s.body({ dataEnvio: local(3_600_000) }), id: ag.id });
    expect((edited.json() as TMensagemAgendada).status).toBe('ativa');
  });

  it('takes the customers the number can reach (its declared addresses): a LID, never a BSUID alone', async () => {
    const s = await setup();
    const cliente = async (v: { identificador?: string; bsuid?: string }) => {
      const [c] = await h.t.ctx.db
        .insert(clientes)
        .values({ accountId: s.acc.account.id, nome: 'Cliente', ...v })
        .returning({ id: clientes.id });
      return c!.id;
    };
    const lid = await s.call(
      'POST',
      '/backend/mensagemagendada/save',
      s.body({ clienteId: await cliente({ identificador: 'whatsapp-lid:4455' }) }),
    );
    expect(lid.statusCode).toBe(200);
    // Meta's business-scoped id is the Cloud API's alone: WhatsApp Web has no address for this customer.
    const bsuid = await s.call('POST', '/backend/mensagemagendada/save', s.body({ clienteId: await cliente({ bsuid: 'BR.1a2b3c' }) }));
    expect(bsuid.statusCode).toBe(400);
    expect(bsuid.json()).toMatchObject({ errors: { clienteId: [T.clienteSemNumero] } });
  });
});
