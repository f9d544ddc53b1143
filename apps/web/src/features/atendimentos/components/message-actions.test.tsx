// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALTERACAO_TEXTS, type TMensagem } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL } from '@balcao/shared/canais';
import { stubResizeObserver } from '@/features/config/components/test-stubs';
import { useEdicoes } from '../api';
import { atendimentoKeys } from '../keys';
import type { TMensagensData } from '../message-cache';
import { todasMensagens } from '../message-cache';
import { makeAtendimento, makeMensagem } from '../testing/factories';
import { MessageList } from './message-list';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const EU = 'u-eu';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
let responder: (method: string, url: string, body: unknown) => Response;
const chamadas = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

beforeEach(() => {
  stubResizeObserver();
  fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    responder(init?.method ?? 'GET', String(url), init?.body ? JSON.parse(String(init.body)) : undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const atendimento = makeAtendimento({ origem: 'whatsapp', status: 'em_atendimento', atendenteId: EU });
const minha = makeMensagem({
  atendimentoId: atendimento.atendimentoId,
  autor: 'atendente',
  atendenteId: EU,
  status: 'delivered',
  conteudo: 'Custa R$ 10',
  criadaEm: '2026-03-10T12:01:00.000Z',
});

function mount(mensagens: TMensagem[], edicoes: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const data: TMensagensData = { pages: [{ mensagens, hasMore: false, cursor: null }], pageParams: [null] };
  qc.setQueryData(atendimentoKeys.mensagens(atendimento.atendimentoId), data);
  render(
    <QueryClientProvider client={qc}>
      <MessageList atendimento={atendimento} meuId={EU} onRetry={vi.fn()} edicoes={edicoes} />
    </QueryClientProvider>,
  );
  return () => todasMensagens(qc.getQueryData<TMensagensData>(atendimentoKeys.mensagens(atendimento.atendimentoId)));
}

const abrirMenu = async (i = 0) => {
  const trigger = screen.getAllByRole('button', { name: 'Ações da mensagem' })[i]!;
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false });
  return screen.findByRole('menu');
};

describe("'Editar' and 'Apagar para todos' on the attendant's own sent messages", () => {
  it('only on my sent messages, only where the channel has edits', () => {
    const cliente = makeMensagem({ atendimentoId: atendimento.atendimentoId, autor: 'cliente', conteudo: 'Qual o preço?' });
    const colega = makeMensagem({ atendimentoId: atendimento.atendimentoId, autor: 'atendente', atendenteId: 'u-outro', status: 'sent' });
    const naFila = makeMensagem({ atendimentoId: atendimento.atendimentoId, autor: 'atendente', atendenteId: EU, status: 'pending' });
    const apagada = makeMensagem({
      atendimentoId: atendimento.atendimentoId,
      autor: 'atendente',
      atendenteId: EU,
      apagada: true,
      conteudo: '',
    });
    mount([cliente, colega, naFila, apagada, minha], true);
    expect(screen.getAllByRole('button', { name: 'Ações da mensagem' })).toHaveLength(1);
    cleanup();
    // Cloud API and widget conversations: no menu at all.
    mount([cliente, minha], false);
    expect(screen.queryByRole('button', { name: 'Ações da mensagem' })).toBeNull();
  });

  it('edits in a dialog: Salvar sends the new text and the bubble shows it as editada', async () => {
    responder = (_method, url, body) => {
      expect(url).toMatch(new RegExp(`/api/atendimento/${atendimento.atendimentoId}/mensagens/${minha.id}$`));
      return json({ ...minha, conteudo: (body as { conteudo: string }).conteudo, editada: true });
    };
    const lidas = mount([minha], true);
    const menu = await abrirMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar mensagem' });
    const caixa = within(dialog).getByRole('textbox', { name: 'Editar mensagem' }) as HTMLTextAreaElement;
    expect(caixa.value).toBe('Custa R$ 10');
    fireEvent.change(caixa, { target: { value: 'Custa R$ 12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chamadas('PUT')).toHaveLength(1);
    expect(JSON.parse(String(chamadas('PUT')[0]![1].body))).toEqual({ conteudo: 'Custa R$ 12' });
    expect(lidas()[0]).toMatchObject({ conteudo: 'Custa R$ 12', editada: true });
    expect(screen.getByText('Custa R$ 12')).toBeTruthy();
    expect(screen.getAllByText('editada').length).toBeGreaterThan(0);
  });

  it("a refusal keeps the dialog open with the server's reason; Cancelar changes nothing", async () => {
    responder = () => json({ statusCode: 409, error: 'Conflict', message: ALTERACAO_TEXTS.canalSemEdicao }, 409);
    const lidas = mount([minha], true);
    fireEvent.click(within(await abrirMenu()).getByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar mensagem' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Outro texto' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ALTERACAO_TEXTS.canalSemEdicao);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lidas()[0]).toMatchObject({ conteudo: 'Custa R$ 10', editada: false });
  });

  it("'Apagar para todos' asks first, then deletes; a refusal is a toast with the server's reason", async () => {
    responder = (method) => {
      expect(method).toBe('DELETE');
      return json({ ...minha, conteudo: '', apagada: true });
    };
    const lidas = mount([minha], true);
    fireEvent.click(within(await abrirMenu()).getByRole('menuitem', { name: 'Apagar para todos' }));
    const confirmar = await screen.findByRole('alertdialog', { name: 'Apagar para todos?' });
    expect(chamadas('DELETE')).toHaveLength(0);
    fireEvent.click(within(confirmar).getByRole('button', { name: 'Apagar' }));
    await waitFor(() => expect(lidas()[0]?.apagada).toBe(true));
    expect(chamadas('DELETE')).toHaveLength(1);
    expect(await screen.findByText('Mensagem apagada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ações da mensagem' })).toBeNull();
    cleanup();

    responder = () => json({ statusCode: 409, error: 'Conflict', message: ALTERACAO_TEXTS.aguardeEnvio }, 409);
    mount([minha], true);
    fireEvent.click(within(await abrirMenu()).getByRole('menuitem', { name: 'Apagar para todos' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apagar' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(ALTERACAO_TEXTS.aguardeEnvio));
  });

  it('a media message can be deleted but not edited', async () => {
    const foto = {
      ...minha,
      id: 'foto-1',
      tipo: 'image' as const,
      conteudo: '',
      midia: { url: '/uploads/a.png', mimeType: 'image/png', filename: null, size: 10 },
    };
    mount([foto], true);
    const menu = await abrirMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Editar' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Apagar para todos' })).toBeTruthy();
  });
});

describe('useEdicoes: which channels have the menu', () => {
  it('WhatsApp Web yes; Cloud API and widget no; unknown until loaded', async () => {
    responder = () => json({ wapi: CAPACIDADES_CANAL.wapi, cloud: CAPACIDADES_CANAL.whatsapp, site: CAPACIDADES_CANAL.widget });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const wapi = renderHook(() => useEdicoes('wapi'), { wrapper });
    expect(wapi.result.current).toBe(false);
    await waitFor(() => expect(wapi.result.current).toBe(true));
    expect(renderHook(() => useEdicoes('cloud'), { wrapper }).result.current).toBe(false);
    expect(renderHook(() => useEdicoes('site'), { wrapper }).result.current).toBe(false);
    expect(chamadas('GET').filter(([url]) => String(url).endsWith('/api/atendimento/capacidades'))).toHaveLength(1);
  });
});
