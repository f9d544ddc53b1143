// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUsuarioAdmin } from '@balcao/shared/usuarios';
import { UsuariosPage } from './usuarios-page';

vi.mock('@/features/auth/api', () => ({ useCurrentUser: () => ({ user: { id: 'm', role: 'master', nome: 'Marta' }, isLoading: false }) }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const row = (p: Partial<TUsuarioAdmin>): TUsuarioAdmin => ({
  id: 'u1',
  nome: 'Ana',
  email: 'ana@x.local',
  role: 'atendente',
  ehMaster: false,
  departamentoIds: [],
  departamentos: [],
  fotoUrl: null,
  status: 'ativo',
  online: false,
  ultimaAtividade: null,
  convitePendente: false,
  ocupaAssento: true,
  criadoEm: '2026-01-01T00:00:00Z',
  ...p,
});
const usuarios = [
  row({ id: 'm', nome: 'Marta Master', role: 'master', ehMaster: true, ocupaAssento: false }),
  row({ id: 'u2', nome: 'Bruno Inativo', status: 'inativo', ocupaAssento: false }),
];
const licenca = {
  hasActiveSubscription: true,
  availableSlots: 0,
  totalSlots: 5,
  usedSlots: 5,
  canUseFeatures: true,
  canUseIA: false,
  isUserExempt: true,
  hasActiveLicense: true,
  dataVencimento: '2026-12-31T00:00:00Z',
  numeroUsuariosIsentos: 1,
  isLicencaVendaERP: false,
  usuariosAlemDoLimite: 0,
  avisoLimite: null,
};
const SEM_ASSENTO = 'Limite de 5 usuários atendentes da sua licença atingido.';
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/reativar') && init?.method === 'POST')
      return new Response(JSON.stringify({ message: SEM_ASSENTO }), { status: 409 });
    if (url.includes('/Licenca/status')) return new Response(JSON.stringify(licenca));
    if (url.includes('/api/usuarios')) return new Response(JSON.stringify(usuarios));
    return new Response('[]');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('UsuariosPage', () => {
  it('shows the seats, protects the master, and reactivates only after confirming, showing the refusal as sent', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UsuariosPage />
      </QueryClientProvider>,
    );
    await screen.findByText('5 de 5 assentos em uso');
    expect(screen.getByText(/Nenhum assento livre/)).toBeTruthy();
    expect(screen.getAllByText('O master não pode ser alterado.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Ações para Marta Master' })).toBeNull();

    const trigger = screen.getByRole('button', { name: 'Ações para Bruno Inativo' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: /Desativar/ })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Reativar/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reativar' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(SEM_ASSENTO));
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[0]).toBe('/backend/api/usuarios/u2/reativar');
  });
});
