// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISAO_GERAL_TEXTS, type TVisaoGeral } from '@balcao/shared/dashboard';
import { DashboardPage } from './dashboard-page';

// The charts chunk (recharts) is not what this test is about.
vi.mock('./charts', () => ({ default: () => <p>gráficos</p> }));

const visao: TVisaoGeral = {
  periodo: { dataInicio: '2026-10-25', dataFim: '2026-11-23', inicio: '', fim: '', timeZone: 'America/Sao_Paulo' },
  cards: {
    abertos: 12,
    finalizados: 7,
    aguardandoAgora: 3,
    tempoMedioPrimeiraResposta: 95,
    tempoMedioAtendimento: 3725,
    notaMedia: 4.5,
    avaliacoes: 2,
  },
  porDia: [{ dia: '2026-11-23', total: 12, widget: 12, whatsapp: 0 }],
  porHora: [{ hora: 9, total: 12 }],
  porDepartamento: [],
  atendentes: [
    { id: 'a1', nome: 'Rita', fotoUrl: null, finalizados: 7, tempoMedioAtendimento: 3725, notaMedia: null, avaliacoes: 0, online: true },
  ],
};
let fetchMock: ReturnType<typeof vi.fn>;
const visaoCalls = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('visao-geral'));

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const body = url.includes('visao-geral') ? visao : [];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('shows the cards, the attendants and the period in the account zone', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DashboardPage />
      </QueryClientProvider>,
    );
    await screen.findByText('12');
    expect(screen.getByText('01:02:05', { selector: '[data-card]' })).toBeTruthy();
    expect(screen.getByText('00:01:35')).toBeTruthy();
    expect(screen.getByText('4,5')).toBeTruthy();
    expect(screen.getByText(/25\/10\/2026 a 23\/11\/2026/)).toBeTruthy();
    expect(screen.getByRole('row', { name: /Rita/ })).toBeTruthy();
    expect(visaoCalls()[0]).toBe('/backend/api/dashboard/visao-geral?periodo=mes');
  });

  it('starts a custom range from the period on screen, and refuses an inverted one without asking the server', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DashboardPage />
      </QueryClientProvider>,
    );
    await screen.findByText('12');
    fireEvent.click(screen.getByRole('radio', { name: 'Personalizado' }));
    expect((screen.getByLabelText('Início') as HTMLInputElement).value).toBe('2026-10-25');
    await waitFor(() => expect(visaoCalls().at(-1)).toContain('periodo=personalizado&dataInicio=2026-10-25&dataFim=2026-11-23'));
    const before = visaoCalls().length;
    fireEvent.change(screen.getByLabelText('Fim'), { target: { value: '2026-10-01' } });
    expect(screen.getByRole('alert').textContent).toBe(VISAO_GERAL_TEXTS.intervaloInvertido);
    expect(visaoCalls()).toHaveLength(before);
  });
});
