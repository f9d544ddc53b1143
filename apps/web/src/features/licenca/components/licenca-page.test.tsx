// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LICENCA_TEXTS, type TLicencaStatus } from '@balcao/shared/licenca';
import { LICENCA_COBRANCA_TEXTS } from '@balcao/shared/licenca-cobranca';
import { SeatsSummary } from '@/features/usuarios/components/seats-summary';
import { LicencaPage } from './licenca-page';
import { LimiteUsuariosAviso } from './limite-usuarios-aviso';

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

let qc: QueryClient;
const renderAt = (path: string, ui: React.ReactNode) => {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
};

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

  it('past the seats paid, the master reads how many are too many and what to do', async () => {
    const aviso = LICENCA_TEXTS.acimaDoLimite(4, 1);
    routes['GET /Licenca/status'] = () =>
      json({ ...STATUS, totalSlots: 1, availableSlots: 0, usuariosAlemDoLimite: 3, avisoLimite: aviso });
    renderAt('/licenca', <LicencaPage />);
    const alerta = await screen.findByRole('alert', { name: LICENCA_TEXTS.acimaDoLimiteTitulo });
    expect(alerta.textContent).toContain(aviso);
    expect(aviso).toContain('1 assento pago: 3 além do limite. Desative 3 deles');
    expect(screen.getByRole('link', { name: LICENCA_TEXTS.gerenciarUsuarios }).getAttribute('href')).toBe('/usuarios');
  });
});

describe('the over-the-limit banner', () => {
  it('shows the notice on every page but the licence page (which has it as a card), and nothing without one', async () => {
    const aviso = LICENCA_TEXTS.acimaDoLimite(7, 5);
    routes['GET /Licenca/status'] = () => json({ ...STATUS, usedSlots: 7, availableSlots: 0, usuariosAlemDoLimite: 2, avisoLimite: aviso });
    renderAt('/atendimentos', <LimiteUsuariosAviso variante="banner" />);
    expect((await screen.findByRole('alert')).textContent).toContain(aviso);
    cleanup();
    renderAt(
      '/licenca',
      <>
        <LimiteUsuariosAviso variante="banner" />
        <LimiteUsuariosAviso variante="cartao" />
      </>,
    );
    await screen.findByRole('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    cleanup();
    routes['GET /Licenca/status'] = () => json(STATUS);
    renderAt(
      '/atendimentos',
      <>
        <LimiteUsuariosAviso variante="banner" />
        <SeatsSummary />
      </>,
    );
    await screen.findByText('4 de 5 assentos em uso');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the pending charge on the licence page', () => {
  const PENDENTE = {
    pago: false,
    valor: 238.9,
    dataCriacao: '05/12/2026 14:30',
    qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    pixCopia: '00020101021226...6304ABCD',
    numeroUsuarios: 5,
    ferramentas: ['InteligenciaArtificial'],
  };

  it('says what the pending charge is for, its price and date, even when the licence in force is another package', async () => {
    routes['GET /licenca/getcobranca'] = () => json(PENDENTE);
    renderAt('/licenca', <LicencaPage />);
    const secao = await screen.findByRole('region', { name: 'Cobrança PIX pendente' });
    expect(secao.textContent).toMatch(/R\$\s238,90/);
    expect(secao.textContent).toContain('Criada em 05/12/26 14:30');
    expect(secao.textContent).toContain('5 usuários atendentes');
    expect(secao.textContent).toContain('Assistente de IA: incluído');
    // The licence in force, without AI, is still shown as it is.
    expect(screen.getByText(/Assistente de IA: opcional, não contratado/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Ver cobrança/ })).toBeTruthy();
  });

  it('shows no pending charge when there is none, or it is paid', async () => {
    routes['GET /licenca/getcobranca'] = () => json({ ...PENDENTE, pago: true });
    renderAt('/licenca', <LicencaPage />);
    await screen.findByText('por mês', { exact: false });
    await vi.waitFor(() => expect(qc.getQueryState(['licenca', 'cobranca'])?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Cobrança PIX pendente' })).toBeNull();
  });
});
