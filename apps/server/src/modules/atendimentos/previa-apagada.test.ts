import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atendimentos, clientes, mensagens } from '../../db/schema/atendimentos';
import { makeCanal } from '../../test/atendimentos-fixtures';
import { makeAtendimento } from '../../test/atendimentos-fixtures';
import { makeAccountWithAdmin } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { lastMessage, messageValues, type NewMessage } from './service';

describe.each(DB_KINDS)("a conversation's preview after a message is deleted on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('falls back to the newest message that remains, whoever deletes it', async () => {
    const { acc, admin } = await makeAccountWithAdmin(t.app, t.ctx.db);
    const canal = await makeCanal(t, admin.auth);
    const [cli] = await t.ctx.db.insert(clientes).values({ accountId: acc.account.id, nome: 'Rita' }).returning();
    const a = await makeAtendimento(t.ctx.db, { accountId: acc.account.id, clienteId: cli!.id, canalId: canal.id, origem: 'widget' });
    const escritas: NewMessage[] = [
      { tipo: 'text', conteudo: 'Primeira' },
      { tipo: 'image', conteudo: '', midia: { url: '/x.jpg', mimeType: 'image/jpeg', filename: 'x.jpg', size: 1 } },
      { tipo: 'text', conteudo: 'Última' },
    ];
    const ids: string[] = [];
    for (const m of escritas) {
      const [row] = await t.ctx.db
        .insert(mensagens)
        .values(messageValues(a, 'cliente', null, m))
        .returning({ id: mensagens.id });
      ids.push(row!.id);
      await t.ctx.db.update(atendimentos).set(lastMessage(m)).where(eq(atendimentos.id, a.id));
    }
    const [primeira, imagem, ultima] = ids;
    const apagar = (id: string) => t.ctx.db.update(mensagens).set({ apagada: true }).where(eq(mensagens.id, id));
    const previa = async () => {
      const [r] = await t.ctx.db
        .select({ texto: atendimentos.ultimaMensagem, tipo: atendimentos.ultimaMensagemTipo, em: atendimentos.ultimaMensagemEm })
        .from(atendimentos)
        .where(eq(atendimentos.id, a.id));
      return r!;
    };
    const antes = await previa();
    expect(antes).toMatchObject({ texto: 'Última', tipo: 'text' });
    // An older message deleted: the preview shows the newest still.
    await apagar(primeira!);
    expect(await previa()).toMatchObject({ texto: 'Última', tipo: 'text' });
    // The newest deleted: the one before it (a photo, shown by its type), at the same place in the list.
    await apagar(ultima!);
    expect(await previa()).toEqual({ texto: null, tipo: 'image', em: antes.em });
    await t.ctx.db.update(mensagens).set({ apagada: false }).where(eq(mensagens.id, primeira!));
    await apagar(imagem!);
    expect(await previa()).toMatchObject({ texto: 'Primeira', tipo: 'text' });
  });
});
