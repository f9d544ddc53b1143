import { describe, expect, it } from 'vitest';
import type { TMensagensData } from './api';
import { applyMensagem, clearNaoVistas } from './list-cache';
import { withPendentes, insertMensagem, mensagensEmOrdem } from './message-cache';
import { makeConversa, makeMensagem } from './testing/factories';

const pagina = (mensagens: ReturnType<typeof makeMensagem>[], currentPage: number, hasMore: boolean) => ({
  mensagens,
  currentPage,
  hasMore,
  totalCount: 60,
});

describe('message cache', () => {
  it('reads pages newest-first into one oldest -> newest history, dropping the overlap of shifted pages', () => {
    const [a, b, c, d] = [makeMensagem(), makeMensagem(), makeMensagem(), makeMensagem()];
    const data: TMensagensData = {
      pages: [pagina([c!, d!], 1, true), pagina([b!, c!], 2, true), pagina([a!], 3, false)],
      pageParams: [1, 2, 3],
    };
    expect(mensagensEmOrdem(data).map((m) => m.id)).toEqual([a!.id, b!.id, c!.id, d!.id]);
  });

  it('adds a new message after the newest, replaces a copy by id or client id, and leaves an unloaded history alone', () => {
    const [a, b] = [makeMensagem(), makeMensagem()];
    const data: TMensagensData = { pages: [pagina([a!], 1, false)], pageParams: [1] };
    const com = insertMensagem(data, b!);
    expect(mensagensEmOrdem(com).map((m) => m.id)).toEqual([a!.id, b!.id]);
    const editada = { ...b!, id: 'servidor', clientId: 'cli' };
    const comCli = insertMensagem(insertMensagem(data, { ...b!, clientId: 'cli' }), editada);
    expect(mensagensEmOrdem(comCli).map((m) => m.id)).toEqual([a!.id, 'servidor']);
    expect(insertMensagem(undefined, b!)).toBeUndefined();
  });

  it('shows our pending messages after the stored ones until their stored copy arrives', () => {
    const salva = makeMensagem({ clientId: 'x1' });
    const pendentes = [
      { ...makeMensagem({ id: 'x1', clientId: 'x1' }), envio: 'pendente' as const },
      { ...makeMensagem({ id: 'x2', clientId: 'x2' }), envio: 'pendente' as const },
    ];
    expect(withPendentes([salva], pendentes).map((m) => m.id)).toEqual([salva.id, 'x2']);
  });
});

describe('list cache (spec part 2 §4)', () => {
  const lista = [makeConversa({ id: 'c0' }), makeConversa({ id: 'c1', qtdMensagensNaoVistas: 2 })];

  it("moves the conversation to the top with the preview, raising the unread count for others' messages", () => {
    const m = makeMensagem({ conversaId: 'c1', tipo: 'image', conteudo: 'praia', midiaUrl: '/x' });
    const next = applyMensagem(lista, m, { meuId: 'me', aberta: false })!;
    expect(next.map((c) => c.id)).toEqual(['c1', 'c0']);
    expect(next[0]).toMatchObject({
      ultimaMensagem: '[Foto] praia',
      qtdMensagensNaoVistas: 3,
      ultimaMensagemRemetenteId: 'ana',
      dataHoraUltimaMensagem: m.dataEnvio,
    });
  });

  it('does not count our own messages, and an open conversation stays at 0', () => {
    expect(
      applyMensagem(lista, makeMensagem({ conversaId: 'c1', remetenteId: 'me' }), { meuId: 'me', aberta: false })![0]!
        .qtdMensagensNaoVistas,
    ).toBe(2);
    expect(applyMensagem(lista, makeMensagem({ conversaId: 'c1' }), { meuId: 'me', aberta: true })![0]!.qtdMensagensNaoVistas).toBe(0);
  });

  it('answers null for a conversation it does not list, so the list is reloaded', () => {
    expect(applyMensagem(lista, makeMensagem({ conversaId: 'nova' }), { meuId: 'me', aberta: false })).toBeNull();
  });

  it('sets a count to 0 on selection, keeping the same list when there is nothing to clear', () => {
    expect(clearNaoVistas(lista, 'c1')![1]!.qtdMensagensNaoVistas).toBe(0);
    expect(clearNaoVistas(lista, 'c0')).toBe(lista);
  });
});
