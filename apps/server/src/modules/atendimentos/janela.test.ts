import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { WHATSAPP_JANELA_MS, type TProvedorCanal } from '@balcao/shared/canais';
import { canais, clientes } from '../../db/schema/atendimentos';
import { makeAtendimento } from '../../test/atendimentos-fixtures';
import { makeAccountWithAdmin } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';

/** A channel's config by type; a WhatsApp number belongs to one channel, so each gets its own. */
const configOf = (tipo: TProvedorCanal): (typeof canais.$inferInsert)['config'] =>
  tipo === 'whatsapp'
    ? { phoneNumberId: randomUUID(), wabaId: '2', verifyToken: 'v', departamentoPadraoId: null }
    : tipo === 'wapi'
      ? { departamentoPadraoId: null }
      : ({ origensPermitidas: [], departamentos: [] } as never);

describe.each(DB_KINDS)("the reply window in a conversation's data on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("follows the channel's capabilities: 24 hours from the customer's last message on the Cloud API, none elsewhere", async () => {
    const { acc, admin } = await makeAccountWithAdmin(t.app, t.ctx.db);
    const escreveu = new Date(Date.now() - 3_600_000);
    const conversa = async (tipo: TProvedorCanal, clienteEscreveuEm: Date | null) => {
      const [canal] = await t.ctx.db
        .insert(canais)
        .values({ accountId: acc.account.id, tipo, nome: tipo, token: randomUUID(), segredoCifrado: 'x', config: configOf(tipo) })
        .returning();
      const [cli] = await t.ctx.db
        .insert(clientes)
        .values({ accountId: acc.account.id, nome: `Cliente ${tipo}` })
        .returning();
      const a = await makeAtendimento(t.ctx.db, {
        accountId: acc.account.id,
        clienteId: cli!.id,
        canalId: canal!.id,
        origem: tipo === 'widget' ? 'widget' : 'whatsapp',
        clienteEscreveuEm,
      });
      const r = await t.app.inject({ method: 'GET', url: `/backend/api/atendimento/${a.id}`, headers: admin.auth });
      return (r.json() as TAtendimento).janela;
    };
    expect(await conversa('whatsapp', escreveu)).toEqual({
      fechaEm: new Date(escreveu.getTime() + WHATSAPP_JANELA_MS).toISOString(),
      duracaoMs: WHATSAPP_JANELA_MS,
    });
    expect(await conversa('whatsapp', null)).toEqual({ fechaEm: null, duracaoMs: WHATSAPP_JANELA_MS });
    // WhatsApp Web answers like the phone itself: the same origem, no window.
    expect(await conversa('wapi', escreveu)).toBeNull();
    expect(await conversa('widget', escreveu)).toBeNull();
  });
});
