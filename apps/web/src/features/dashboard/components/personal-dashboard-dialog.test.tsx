// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { PersonalDashboardDialog } from './personal-dashboard-dialog';

const user: TCurrentUser = {
  id: 'u1',
  nome: 'Ana Souza',
  email: 'ana@demo.local',
  role: 'atendente',
  departamento: null,
  departamentoId: null,
  online: true,
  fotoUrl: null,
  notaMedia: null,
  masterId: 'm1',
  databaseName: 'demo',
  timeZone: 'America/Sao_Paulo',
};
let currentUser: TCurrentUser = user;
vi.mock('@/features/auth/api', () => ({ useCurrentUser: () => ({ user: currentUser, isLoading: false }) }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (path: string) => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith(path));

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PersonalDashboardDialog open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
}

describe('PersonalDashboardDialog', () => {
  beforeEach(() => {
    currentUser = user;
    fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/dashboard')
        ? json({ atendimentosFinalizados: 12, atendimentosAbertos: 3, notaMedia: 4.25, tempoMedioAtendimento: '75' })
        : json([
            { ticket: 41, inicio: '2025-03-10T09:00:00', fim: null, nota: 5 },
            { ticket: 42, inicio: 'x', fim: '2025-03-10T10:30:00', nota: null },
          ]),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the title, Mês by default, four cards and the Ticket/Início/Fim table in the spec formats', async () => {
    mount();
    expect(screen.getByRole('heading', { name: 'Dashboard - Ana Souza' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Mês' }).getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('01:15:00')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('4,3')).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Ticket', 'Início', 'Fim']);
    expect(within(table).getByText('10/03/2025 09:00')).toBeTruthy();
    expect(within(table).getByText('N/A')).toBeTruthy();
    expect(within(table).getByText('Data Inválida')).toBeTruthy();
    // An attendant only sees himself: no 'Todos' choice, his own id in the query.
    expect(screen.queryByRole('radio', { name: 'Todos' })).toBeNull();
    const q = calls('/api/atendimento/dashboard')[0]!.searchParams;
    expect(q.get('atendenteId')).toBe('u1');
    expect(q.get('dataInicio')).toMatch(/^\d{4}-\d\d-\d\dT00:00:00$/);
    expect(q.get('dataFim')).toMatch(/T23:59:59$/);
  });

  it('refetches both calls when the period changes', async () => {
    mount();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('radio', { name: 'Dia' }));
    await waitFor(() => expect(calls('/api/atendimento/list')).toHaveLength(2));
    expect(calls('/api/atendimento/dashboard')).toHaveLength(2);
    const dia = calls('/api/atendimento/list')[1]!.searchParams;
    expect(dia.get('dataInicio')!.slice(0, 10)).toBe(dia.get('dataFim')!.slice(0, 10));
  });

  it("shows the empty text, and 'N/A' cards when the load fails, without an error", async () => {
    fetchMock.mockImplementation(async (url: string) => (String(url).includes('/dashboard') ? json({ message: 'x' }, 500) : json([])));
    mount();
    expect(await screen.findByText('Nenhum atendimento encontrado.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('N/A')).toHaveLength(4));
  });

  it("lets admin and master ask for everyone with atendenteId 'todos'", async () => {
    currentUser = { ...user, role: 'admin' };
    mount();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('radio', { name: 'Todos' }));
    await waitFor(() => expect(calls('/api/atendimento/dashboard').at(-1)!.searchParams.get('atendenteId')).toBe('todos'));
  });
});
