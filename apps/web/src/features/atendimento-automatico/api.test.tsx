// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHorariosDepartamento, useSaveHorarios } from './api';

const horas = (mensagemForaDoHorario: string) => ({
  dias: [],
  feriados: [],
  mensagemForaDoHorario,
  timeZone: 'America/Sao_Paulo',
  configurado: true,
});
afterEach(() => vi.unstubAllGlobals());

describe("the account's hours saved", () => {
  it('refresh a department that follows them', async () => {
    let daConta = 'Voltamos às 8h.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') daConta = (JSON.parse(String(init.body)) as { mensagemForaDoHorario: string }).mensagemForaDoHorario;
        const body = url.endsWith('/horarios') ? horas(daConta) : { ...horas(daConta), departamentoId: 'd1', proprio: false };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ dep: useHorariosDepartamento('d1'), salvar: useSaveHorarios() }), { wrapper });
    await waitFor(() => expect(result.current.dep.data?.mensagemForaDoHorario).toBe('Voltamos às 8h.'));
    await act(() => result.current.salvar.mutateAsync({ dias: [], feriados: [], mensagemForaDoHorario: 'Voltamos às 9h.' }));
    await waitFor(() => expect(result.current.dep.data?.mensagemForaDoHorario).toBe('Voltamos às 9h.'));
  });
});
