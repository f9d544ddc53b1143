// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENTIMENTO_CONFIG_PADRAO, CONSENTIMENTO_TEXTS } from '@balcao/shared/consentimento';
import { ConsentimentoConfigTab } from './config-tab';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConsentimentoConfigTab />
    </QueryClientProvider>,
  );
}

describe('Configurações › Consentimento', () => {
  beforeEach(() => {
    fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? json(JSON.parse(String(init.body))) : json(CONSENTIMENTO_CONFIG_PADRAO),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('shows the account’s words and replies, and saves the edited words as lists through PUT', async () => {
    mount();
    const sair = await screen.findByLabelText('Palavras para parar de receber');
    expect(sair).toHaveProperty('value', 'SAIR, PARAR, STOP');
    expect(screen.getByLabelText('Resposta automática ao parar')).toHaveProperty('value', CONSENTIMENTO_TEXTS.respostaSair);
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', true);
    fireEvent.change(sair, { target: { value: 'sair, cancelar  DESCADASTRAR' } });
    fireEvent.change(screen.getByLabelText('Palavras para voltar a receber'), { target: { value: 'VOLTAR,QUERO' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [url, init] = puts()[0]!;
    expect(String(url)).toMatch(/\/backend\/api\/conta\/consentimento$/);
    expect(JSON.parse(String(init.body))).toMatchObject({
      palavrasSair: ['sair', 'cancelar', 'DESCADASTRAR'],
      palavrasVoltar: ['VOLTAR', 'QUERO'],
      respostaSair: CONSENTIMENTO_TEXTS.respostaSair,
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
  });

  it('refuses a word too long or an empty list in Portuguese before any request', async () => {
    mount();
    const voltar = await screen.findByLabelText('Palavras para voltar a receber');
    fireEvent.change(voltar, { target: { value: 'UMAPALAVRAMUITOLONGADEMAIS' } });
    fireEvent.change(screen.getByLabelText('Palavras para parar de receber'), { target: { value: ' , ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(CONSENTIMENTO_TEXTS.palavraInvalida)).toBeTruthy();
    expect(screen.getByText(CONSENTIMENTO_TEXTS.palavraFaltando)).toBeTruthy();
    expect(voltar.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Palavras para parar de receber').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);
  });
});
