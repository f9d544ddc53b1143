// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCanal } from '@balcao/shared/canais';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { emptyCanal } from './canal-form';
import { ConfigPage } from './config-page';
import { stubResizeObserver } from './components/test-stubs';

const master: TCurrentUser = {
  id: 'u1',
  nome: 'Maria',
  email: 'master@demo.local',
  role: 'master',
  departamento: null,
  departamentoId: null,
  online: true,
  fotoUrl: null,
  notaMedia: null,
  masterId: 'u1',
  databaseName: 'demo',
  timeZone: 'America/Sao_Paulo',
};
let currentUser = master;
vi.mock('@/features/auth/api', () => ({ useCurrentUser: () => ({ user: currentUser, isLoading: false }) }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const DEP = '0b9a3f1e-5c2d-4e8f-9a7b-1c2d3e4f5a6b';
const canal: TCanal = {
  id: 'c1',
  tipo: 'widget',
  nome: 'Site da loja',
  ativo: true,
  token: 'tok123',
  segredo: 'segredo-super-secreto',
  snippet: '<script src="https://balcao.example/widget.js" data-canal="tok123" async></script>',
  criadoEm: '2025-03-01T12:00:00Z',
  config: { ...emptyCanal(), origensPermitidas: ['https://loja.com.br'] },
};

const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let server: { canais: TCanal[] };
let fetchMock: ReturnType<typeof vi.fn>;
const sent = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

function mount(path = '/config?tab=chat') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ConfigPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const CENTRAL = {
  id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  nome: 'Ajuda da Loja',
  slug: 'ajuda-da-loja',
  dominio: null,
  dominioVerificadoEm: null,
  cor: '#2563eb',
  logo: null,
  publica: true,
  url: 'http://balcao.test/loja/central/ajuda-da-loja/documentacao',
};

beforeEach(() => {
  currentUser = master;
  server = { canais: [] };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.endsWith('/api/departamentos')) return json([{ id: DEP, nome: 'Vendas', membros: 2, usuarioIds: [], atendimentosAbertos: 0 }]);
    if (url.endsWith('/api/canais') && method === 'GET') return json(server.canais);
    if (url.endsWith('/api/documentacao/centrais')) return json([CENTRAL]);
    if (url.endsWith('/api/canais/widget')) {
      const input = JSON.parse(String(init!.body));
      return json(
        { ...canal, id: 'c2', nome: input.nome, ativo: input.ativo, config: { ...input, nome: undefined, ativo: undefined } },
        201,
      );
    }
    if (url.endsWith('/api/canais/c1') && method === 'DELETE') return new Response(null, { status: 204 });
    if (url.endsWith('/api/canais/c1/segredo')) return json({ ...canal, segredo: 'novo-segredo' });
    return json({ message: 'não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  stubResizeObserver();
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => {}) }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Configurações', () => {
  it('opens Integrações from ?tab=integracoes', () => {
    mount('/config?tab=integracoes');
    expect(screen.getByRole('tab', { name: 'Integrações' }).getAttribute('aria-selected')).toBe('true');
    // The WhatsApp numbers (their own tests in components/integracoes-tab.test.tsx).
    expect(screen.getByRole('heading', { name: 'Integrações' })).toBeTruthy();
  });

  it('shows an attendant only what he may: a note instead of the channels, no Integrações', () => {
    currentUser = { ...master, role: 'atendente' };
    mount('/config?tab=integracoes');
    expect(screen.queryByRole('tab', { name: 'Integrações' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Geral' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Chat do site' }));
    expect(screen.getByText(/configurados por administradores/)).toBeTruthy();
    // Only the account's name for 'Geral'; nothing about channels.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/backend/api/conta']);
  });

  it('creates a channel with the shared schema messages, then shows its snippet with a 3 s "Copiado!"', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: /Criar canal/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar canal' }));
    expect(await within(dialog).findByText('Informe o nome do canal.')).toBeTruthy();
    expect(within(dialog).getByText('Informe pelo menos um site permitido.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Nome do canal'), { target: { value: 'Loja nova' } });
    const origem = within(dialog).getByLabelText('Sites permitidos');
    fireEvent.change(origem, { target: { value: 'loja.com.br' } });
    fireEvent.keyDown(origem, { key: 'Enter' });
    expect(within(dialog).getByText('Informe a origem como https://seusite.com.br (sem caminho).')).toBeTruthy();
    fireEvent.change(origem, { target: { value: 'https://Loja.com.br/contato' } });
    fireEvent.keyDown(origem, { key: 'Enter' });
    expect(within(dialog).getByRole('button', { name: 'Remover https://loja.com.br' })).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Telefone'));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Permitir escolher departamento' }));
    fireEvent.click(await within(dialog).findByLabelText('Vendas'));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Verificar identidade (HMAC)' }));
    fireEvent.change(await within(dialog).findByLabelText('Central de ajuda'), { target: { value: CENTRAL.id } });
    // A second site typed but not added is kept on save.
    fireEvent.change(origem, { target: { value: 'https://www.loja.com.br' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar canal' }));

    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(JSON.parse(String(sent('POST')[0]![1].body))).toEqual({
      nome: 'Loja nova',
      cor: '#4f46e5',
      saudacao: 'Olá! Como podemos ajudar?',
      camposPreChat: ['telefone'],
      escolherDepartamento: true,
      departamentoIds: [DEP],
      departamentoPadraoId: null,
      origensPermitidas: ['https://loja.com.br', 'https://www.loja.com.br'],
      verificarIdentidade: true,
      pedirConsentimento: false,
      centralId: CENTRAL.id,
      ativo: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Loja nova' })).toBeTruthy();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getAllByRole('button', { name: 'Copiar' })[0]!);
      await vi.waitFor(() => expect(screen.getByText('Copiado!')).toBeTruthy());
      expect(navigator.clipboard.writeText).toHaveBeenCalledWith(canal.snippet);
      vi.advanceTimersByTime(3000);
      await vi.waitFor(() => expect(screen.queryByText('Copiado!')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('masks the secret, shows it on demand and replaces it after confirming', async () => {
    server.canais = [canal];
    mount();
    await screen.findByRole('heading', { name: 'Site da loja' });
    expect(screen.queryByText('segredo-super-secreto')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(screen.getByText('segredo-super-secreto')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar novo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Gerar novo segredo' }));
    expect(await screen.findByText('novo-segredo')).toBeTruthy();
    expect(sent('POST')[0]![0]).toBe('/backend/api/canais/c1/segredo');
  });

  it('deletes a channel only after confirming', async () => {
    server.canais = [canal];
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Site da loja' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(sent('DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Site da loja' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Excluir canal' }));
    expect(await screen.findByText('Nenhum chat do site criado.')).toBeTruthy();
    expect(sent('DELETE')[0]![0]).toBe('/backend/api/canais/c1');
  });
});
