// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENSAGENS_AGENDADAS_TEXTS as T, type TMensagemAgendada } from '@balcao/shared/mensagens-agendadas';
import { useOpenAgendada } from './api';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const linha: TMensagemAgendada = {
  id: 'ag1',
  clienteId: 'c1',
  clienteNome: 'Joana',
  clienteNumero: '+5511977776666',
  canalId: 'w1',
  canalNome: 'WhatsApp Loja',
  conteudo: 'Lembrete',
  midia: null,
  dataEnvio: '2026-11-25T08:00:00',
  recorrencia: { tipo: 'diaria' },
  modelo: null,
  ativo: true,
  status: 'ativa',
  proximoEnvio: '2026-11-25T11:00:00.000Z',
  ultimoEnvioEm: null,
  ultimoResultado: null,
  ultimoErro: null,
  proximaTentativaEm: null,
  envios: 0,
  criadaEm: '2026-11-24T10:00:00.000Z',
};
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);
const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('editing a scheduled message reads it again (GET /mensagemagendada/get/{id})', () => {
  it('opens the dialog on the row as the server has it now', async () => {
    answer(200, { ...linha, envios: 3 });
    const abrir = vi.fn();
    const { result } = renderHook(() => useOpenAgendada(abrir), { wrapper });
    await result.current(linha);
    expect(abrir).toHaveBeenCalledWith({ ...linha, envios: 3 });
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/backend/mensagemagendada/get/ag1');
  });

  it("a failure says so in the spec's order (part 2 §8), else 'Erro ao buscar mensagem agendada'", async () => {
    const abrir = vi.fn();
    answer(404, { message: T.naoEncontrada, code: 'NOT_FOUND' });
    const { result } = renderHook(() => useOpenAgendada(abrir), { wrapper });
    await result.current(linha);
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(T.naoEncontrada));
    answer(502, '<html>Bad gateway</html>');
    await result.current(linha);
    await waitFor(() => expect(toasts.error).toHaveBeenLastCalledWith(T.erroBuscar));
    expect(abrir).not.toHaveBeenCalled();
  });
});
