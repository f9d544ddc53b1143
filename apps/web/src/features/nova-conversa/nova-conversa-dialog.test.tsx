// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOVA_CONVERSA_TEXTS as T, type TNovaConversaOpcoes } from '@balcao/shared/nova-conversa';
import { NovaConversaDialog } from './nova-conversa-dialog';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const JOANA = '3f1e0b9a-5c2d-4e8f-9a7b-1c2d3e4f5a6b';
const opcoes = (o: Partial<TNovaConversaOpcoes> = {}): TNovaConversaOpcoes => ({
  canalId: 'c1',
  canalNome: 'WhatsApp Loja',
  canais: [{ id: 'c1', nome: 'WhatsApp Loja', rotulo: 'WhatsApp (API oficial)' }],
  clienteId: JOANA,
  clienteNome: 'Joana',
  atendimentoAbertoId: null,
  dentroDaJanela: false,
  modelos: [{ nome: 'lembrete', idioma: 'pt_BR', categoria: 'UTILITY', corpo: 'Olá {{1}}, sua consulta é {{2}}.', variaveis: 2 }],
  modelosErro: null,
  ...o,
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

let fetchMock: ReturnType<typeof vi.fn>;
/** The server: the directory has Joana; `abertas` answers the options; the POST answers `post`. */
function servidor(abertas: TNovaConversaOpcoes, post: () => Response = () => json(201, { atendimentoId: 'a1', existente: false })) {
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/backend/cliente/lista'))
      return json(200, { itens: [{ id: JOANA, nome: 'Joana', numero: '+5511977776666', email: null }], total: 1 });
    if (url.startsWith('/backend/api/atendimento/nova-conversa/opcoes')) return json(200, abertas);
    if (url === '/backend/api/atendimento/nova-conversa' && init?.method === 'POST') return post();
    return json(404, { message: 'não' });
  });
}
function mount() {
  const onAberta = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NovaConversaDialog open onOpenChange={vi.fn()} onAberta={onAberta} />
    </QueryClientProvider>,
  );
  return { d: within(screen.getByRole('dialog')), onAberta };
}
const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
const chamadas = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Nova conversa', () => {
  it('offers every channel that can write first; choosing WhatsApp Web asks again and needs no template there', async () => {
    const canais = [
      { id: 'c1', nome: 'WhatsApp Loja', rotulo: 'WhatsApp (API oficial)' },
      { id: 'c2', nome: 'Celular da loja', rotulo: 'WhatsApp Web' },
    ];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/backend/cliente/lista'))
        return json(200, { itens: [{ id: JOANA, nome: 'Joana', numero: '+5511977776666', email: null }], total: 1 });
      if (url.startsWith('/backend/api/atendimento/nova-conversa/opcoes'))
        return json(
          200,
          url.includes('canalId=c2')
            ? opcoes({ canais, canalId: 'c2', canalNome: 'Celular da loja', dentroDaJanela: true, modelos: [] })
            : opcoes({ canais }),
        );
      if (init?.method === 'POST') return json(201, { atendimentoId: 'a2', existente: false });
      return json(404, { message: 'não' });
    });
    const { d, onAberta } = mount();
    fireEvent.change(d.getByLabelText('Cliente ou número'), { target: { value: 'Jo' } });
    fireEvent.click(await d.findByRole('button', { name: /Joana/ }));
    const canal = (await d.findByLabelText('Pelo canal')) as HTMLSelectElement;
    expect([...canal.options].map((o) => o.textContent)).toEqual([
      'WhatsApp Loja · WhatsApp (API oficial)',
      'Celular da loja · WhatsApp Web',
    ]);
    expect(d.getByText(T.precisaModelo)).toBeTruthy();
    fireEvent.change(canal, { target: { value: 'c2' } });
    fireEvent.change(await d.findByLabelText('Mensagem'), { target: { value: 'Oi Joana' } });
    expect(chamadas()).toContain(`/backend/api/atendimento/nova-conversa/opcoes?clienteId=${JOANA}&canalId=c2`);
    fireEvent.click(d.getByRole('button', { name: 'Iniciar conversa' }));
    await waitFor(() => expect(onAberta).toHaveBeenCalledWith('a2', true));
    expect(JSON.parse(String((posts()[0]![1] as RequestInit).body))).toEqual({
      clienteId: JOANA,
      canalId: 'c2',
      conteudo: 'Oi Joana',
      modelo: null,
    });
  });

  it('outside the 24-hour window a customer from the directory needs an approved template, its variables filled', async () => {
    servidor(opcoes());
    const { d, onAberta } = mount();
    fireEvent.change(d.getByLabelText('Cliente ou número'), { target: { value: 'Jo' } });
    // The directory is searched for what was typed (after the debounce).
    await waitFor(() => expect(chamadas().some((u) => u.startsWith('/backend/cliente/lista?pesquisa=Jo&page=1&take='))).toBe(true));
    fireEvent.click(await d.findByRole('button', { name: /Joana/ }));
    expect(await d.findByText(T.precisaModelo)).toBeTruthy();
    expect(chamadas()).toContain(`/backend/api/atendimento/nova-conversa/opcoes?clienteId=${JOANA}`);

    fireEvent.click(d.getByRole('button', { name: 'Iniciar conversa' }));
    expect((await d.findByRole('alert')).textContent).toBe(T.precisaModelo);
    fireEvent.change(d.getByLabelText('Modelo aprovado'), { target: { value: 'lembrete|pt_BR' } });
    fireEvent.change(d.getByLabelText('Variável {{1}}'), { target: { value: 'Joana' } });
    fireEvent.click(d.getByRole('button', { name: 'Iniciar conversa' }));
    expect((await d.findByRole('alert')).textContent).toBe(T.variaveisVazias);
    fireEvent.change(d.getByLabelText('Variável {{2}}'), { target: { value: 'amanhã' } });
    expect(d.getByText('Olá Joana, sua consulta é amanhã.')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.click(d.getByRole('button', { name: 'Iniciar conversa' }));
    await waitFor(() => expect(onAberta).toHaveBeenCalledWith('a1', true));
    expect(JSON.parse(String((posts()[0]![1] as RequestInit).body))).toEqual({
      clienteId: JOANA,
      canalId: 'c1',
      conteudo: 'Olá Joana, sua consulta é amanhã.',
      modelo: { nome: 'lembrete', idioma: 'pt_BR', variaveis: ['Joana', 'amanhã'] },
    });
    expect(toasts.success).toHaveBeenCalledWith('Sucesso', T.iniciada);
  });

  it('a typed number: inside the window plain text goes; a refusal shows the first field error (spec part 2 §8 order)', async () => {
    servidor(opcoes({ clienteId: null, clienteNome: null, dentroDaJanela: true, modelos: [] }), () =>
      json(400, { message: 'Dados inválidos.', errors: { conteudo: [T.conteudoVazio] } }),
    );
    const { d } = mount();
    fireEvent.change(d.getByLabelText('Cliente ou número'), { target: { value: '+55 (21) 91234-5678' } });
    fireEvent.click(d.getByRole('button', { name: /Escrever para \+55 21 91234-5678/ }));
    await d.findByLabelText('Mensagem');
    expect(chamadas()).toContain(`/backend/api/atendimento/nova-conversa/opcoes?numero=${encodeURIComponent('+5521912345678')}`);
    fireEvent.change(d.getByLabelText('Nome do cliente'), { target: { value: 'Rita' } });
    fireEvent.change(d.getByLabelText('Mensagem'), { target: { value: 'Oi Rita' } });
    fireEvent.click(d.getByRole('button', { name: 'Iniciar conversa' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(T.conteudoVazio));
    expect(JSON.parse(String((posts()[0]![1] as RequestInit).body))).toEqual({
      numero: '+5521912345678',
      canalId: 'c1',
      nome: 'Rita',
      conteudo: 'Oi Rita',
      modelo: null,
    });
    expect((await d.findByRole('alert')).textContent).toBe(T.conteudoVazio);
  });

  it('an open conversation is just opened; no template from Meta says why and sends nothing', async () => {
    servidor(opcoes({ atendimentoAbertoId: 'a9', modelos: [] }));
    const { d, onAberta } = mount();
    fireEvent.click(await d.findByRole('button', { name: /Joana/ }));
    expect(await d.findByText(T.existente)).toBeTruthy();
    fireEvent.click(d.getByRole('button', { name: 'Abrir conversa' }));
    expect(onAberta).toHaveBeenCalledWith('a9', false);
    expect(posts()).toHaveLength(0);
    cleanup();

    servidor(opcoes({ modelos: [], modelosErro: null }));
    const again = mount();
    fireEvent.click(await again.d.findByRole('button', { name: /Joana/ }));
    expect((await again.d.findByRole('alert')).textContent).toBe(T.semModelos);
    expect((again.d.getByRole('button', { name: 'Iniciar conversa' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
