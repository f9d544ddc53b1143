// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LICENCA_TEXTS } from '@balcao/shared/licenca';
import { USUARIOS_TEXTS } from '@balcao/shared/usuarios';
import { UsuarioFormDialog } from './usuario-form-dialog';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const DEP = '0b9a3f1e-5c2d-4e8f-9a7b-1c2d3e4f5a6b';
const departamentos = [{ id: DEP, nome: 'Vendas', membros: 0, usuarioIds: [], atendimentosAbertos: 0 }];
let fetchMock: ReturnType<typeof vi.fn>;

function mount(role: 'master' | 'admin', onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UsuarioFormDialog usuario={null} caller={{ id: 'me', role }} departamentos={departamentos} onClose={onClose} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog'));
}
const papeis = (d: ReturnType<typeof mount>) =>
  within(d.getByLabelText('Papel'))
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value);

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('UsuarioFormDialog', () => {
  it('offers admin only to the master, and master to nobody', () => {
    expect(papeis(mount('master'))).toEqual(['admin', 'atendente', 'user', 'tracker']);
    cleanup();
    expect(papeis(mount('admin'))).toEqual(['atendente', 'user', 'tracker']);
  });

  it('checks the fields with the shared schema before calling the server', () => {
    const d = mount('master');
    fireEvent.click(screen.getByRole('button', { name: 'Criar usuário' }));
    expect(d.getByText(USUARIOS_TEXTS.nomeVazio)).toBeTruthy();
    expect(d.getByText(USUARIOS_TEXTS.emailVazio)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the form and shows the seat refusal exactly as the server words it', async () => {
    const message = LICENCA_TEXTS.limiteAtingido(5);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message, code: 'LIMITE_USUARIOS' }), { status: 409 }));
    const onClose = vi.fn();
    const d = mount('master', onClose);
    fireEvent.change(d.getByLabelText('Nome'), { target: { value: 'Sexta Pessoa' } });
    fireEvent.change(d.getByLabelText('E-mail'), { target: { value: 'Sexta@Demo.local' } });
    fireEvent.change(d.getByLabelText('Departamento'), { target: { value: DEP } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar usuário' }));
    expect((await d.findByRole('alert')).textContent).toBe(message);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/backend/api/usuarios');
    expect(JSON.parse(String(init.body))).toEqual({
      nome: 'Sexta Pessoa',
      email: 'sexta@demo.local',
      role: 'atendente',
      departamentoIds: [DEP],
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});
