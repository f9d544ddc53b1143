// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEPARTAMENTOS_TEXTS, type TDepartamento } from '@balcao/shared/departamentos';
import { DepartamentosPage } from './departamentos-page';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const dep = (p: Partial<TDepartamento>): TDepartamento => ({
  id: 'd',
  nome: 'X',
  membros: 0,
  usuarioIds: [],
  atendimentosAbertos: 0,
  ...p,
});
let lista: TDepartamento[];
let fetchMock: ReturnType<typeof vi.fn>;
const REFUSAL = DEPARTAMENTOS_TEXTS.comAtendimentosAbertos(3);

beforeEach(() => {
  lista = [
    dep({ id: 'd2', nome: 'Suporte', membros: 1, usuarioIds: ['u1'], atendimentosAbertos: 3 }),
    dep({ id: 'd1', nome: 'Comercial', membros: 2, usuarioIds: ['u2', 'u3'], atendimentosAbertos: 1 }),
  ];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') return new Response(JSON.stringify({ message: REFUSAL, code: 'CONFLICT' }), { status: 409 });
    if (url.endsWith('/api/departamentos')) return new Response(JSON.stringify(lista));
    return new Response('[]');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DepartamentosPage />
    </QueryClientProvider>,
  );

describe('DepartamentosPage', () => {
  it('lists departments by name with members and open atendimentos; an empty account is invited to create one', async () => {
    mount();
    const list = await screen.findByRole('list', { name: 'Departamentos' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Comercial 2 membros 1 atendimento aberto Membros',
      'Suporte 1 membro 3 atendimentos abertos Membros',
    ]);
    cleanup();
    lista = [];
    mount();
    await screen.findByText(DEPARTAMENTOS_TEXTS.vazio);
    expect(screen.getByRole('button', { name: 'Criar departamento' })).toBeTruthy();
  });

  it('deletes only after confirming, and shows the server’s refusal with how many atendimentos are open', async () => {
    mount();
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Ações para Suporte' }), { key: 'Enter' });
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Excluir/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(REFUSAL));
    expect(REFUSAL).toBe('Este departamento tem 3 atendimentos em aberto. Finalize-os ou transfira-os antes de excluir.');
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe('/backend/api/departamentos/d2');
    expect(toasts.success).not.toHaveBeenCalled();
  });
});
