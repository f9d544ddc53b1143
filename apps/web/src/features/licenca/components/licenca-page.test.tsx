// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLicencaStatus } from '@balcao/shared/licenca';
import { LICENCA_COBRANCA_TEXTS } from '@balcao/shared/licenca-cobranca';
import { LicencaPage } from './licenca-page';

const STATUS: TLicencaStatus = {
  hasActiveSubscription: true,
  availableSlots: 1,
  totalSlots: 5,
  usedSlots: 4,
  canUseFeatures: true,
  canUseIA: false,
  isUserExempt: true,
  hasActiveLicense: true,
  dataVencimento: '2027-01-05T12:00:00Z',
  numeroUsuariosIsentos: 1,
  isLicencaVendaERP: false,
  usuariosAlemDoLimite: 0,
  avisoLimite: null,
};
const INFO = { valorBase: 149, valorPorUsuario: 10, numeroUsuariosIsentos: 1, ferramentasDisponiveis: [] };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let routes: Record<string, () => Response>;

beforeEach(() => {
  routes = {
    'GET /Licenca/status': () => json(STATUS),
    'GET /licenca/getlicencainfo': () => json(INFO),
    'GET /licenca/getcobranca': () => json({ message: 'Nenhuma cobrança encontrada.' }, 404),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const route = routes[`${init?.method ?? 'GET'} ${url.replace('/backend', '')}`];
      return route ? route() : json({ message: 'não previsto' }, 500);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (path: string, ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('the licence page', () => {
  it('a PIX licence shows its price per month and its due date', async () => {
    renderAt('/licenca', <LicencaPage />);
    expect(await screen.findByText('por mês', { exact: false })).toBeTruthy();
    expect(screen.getByText('Ativa')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pagar com PIX/ })).toBeTruthy();
  });

  it('an ERP sale past its date here: no PIX price, no payment, no red "Expirada": it blocks nothing', async () => {
    routes['GET /Licenca/status'] = () =>
      json({ ...STATUS, isLicencaVendaERP: true, hasActiveLicense: false, hasActiveSubscription: false, canUseFeatures: false });
    renderAt('/licenca', <LicencaPage />);
    expect(await screen.findByText(LICENCA_COBRANCA_TEXTS.vendaErp)).toBeTruthy();
    expect(screen.queryByText('Expirada')).toBeNull();
    expect(screen.queryByText(/Venceu em/)).toBeNull();
    expect(screen.getByText('Ativa')).toBeTruthy();
    expect(screen.queryByText('por mês', { exact: false })).toBeNull();
    expect(screen.queryByText(/R\$/)).toBeNull();
    expect(screen.queryByRole('button', { name: /PIX|Renovar/ })).toBeNull();
  });
});
