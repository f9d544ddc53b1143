// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LICENCA_UI_TEXTS as T, type TCobranca } from '@balcao/shared/licenca-cobranca';
import { isBlockedByLicenca } from '../api';
import { PagamentoDialog } from './pagamento-dialog';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const COBRANCA: TCobranca = {
  pago: false,
  valor: 199,
  dataCriacao: '2026-11-24T13:05:00Z',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  pixCopia: '00020101021226...6304ABCD',
};
type Route = (init?: RequestInit) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let routes: Record<string, Route>;
let calls: { method: string; path: string; body?: unknown }[];

beforeEach(() => {
  calls = [];
  routes = {
    'GET /licenca/get': () => json({ numeroUsuarios: 5, ferramentas: ['InteligenciaArtificial'] }),
    'GET /licenca/getlicencainfo': () => json({ valorBase: 149, valorPorUsuario: 0, numeroUsuariosIsentos: 1, ferramentasDisponiveis: [] }),
    'GET /licenca/getcobranca': () => json({ message: 'Nenhuma cobrança encontrada.' }, 404),
    'POST /licenca/confirmalicenca': () => json({ numeroUsuarios: 5, ferramentas: ['InteligenciaArtificial'] }),
    'POST /licenca/gerarcobranca': () => json(COBRANCA, 201),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = url.replace('/backend', '');
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[`${method} ${path}`];
      return route ? route(init) : json({ message: 'não previsto' }, 500);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function abrir() {
  const onClose = vi.fn();
  const onCancelled = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PagamentoDialog open onClose={onClose} onCancelled={onCancelled} />
    </QueryClientProvider>,
  );
  return { onClose, onCancelled };
}

describe('licence payment dialog (spec part 1 §2, §4, §8)', () => {
  it('with no charge: checks, confirms 5 users (AI kept), creates, and shows the pending charge with its bill', async () => {
    abrir();
    expect(screen.getByText(T.verificandoTitulo)).toBeTruthy();
    expect(screen.getByText(T.verificandoTexto)).toBeTruthy();
    await screen.findByText(T.pendente);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['GET /licenca/getcobranca', 'POST /licenca/confirmalicenca', 'POST /licenca/gerarcobranca']),
    );
    expect(calls.find((c) => c.path === '/licenca/confirmalicenca')!.body).toEqual({
      NumeroUsuarios: 5,
      FerramentasIdsSelecionadas: ['InteligenciaArtificial'],
    });
    expect(screen.getByText(/^R\$\s199,00$/)).toBeTruthy();
    expect(screen.getByText('PIX')).toBeTruthy();
    expect((screen.getByRole('img', { name: 'QR Code do pagamento PIX' }) as HTMLImageElement).src).toBe(COBRANCA.qrCode);
    const ia = await screen.findByRole('checkbox', { name: T.assistenteIa });
    await waitFor(() => expect((ia as HTMLInputElement).checked).toBe(true));
    expect((ia as HTMLInputElement).disabled).toBe(true);
  });

  it('a charge date given as dd/MM/yyyy is read day-first (05/12/2026 is 5 December)', async () => {
    routes['GET /licenca/getcobranca'] = () => json({ ...COBRANCA, dataCriacao: '05/12/2026' });
    abrir();
    await screen.findByText(T.pendente);
    expect(screen.getByText('05/12/26 00:00')).toBeTruthy();
  });

  it('lists what the charge itself is for, not the order being contracted', async () => {
    routes['GET /licenca/getcobranca'] = () => json({ ...COBRANCA, numeroUsuarios: 7, ferramentas: [] });
    abrir();
    await screen.findByText(T.pendente);
    expect(screen.getByText('7 usuários atendentes')).toBeTruthy();
    const ia = screen.getByRole('checkbox', { name: T.assistenteIa }) as HTMLInputElement;
    await waitFor(() => expect(calls.some((c) => c.path === '/licenca/get')).toBe(true));
    expect(ia.checked).toBe(false);
  });

  it('closing resets it: opened again, it checks for payments from the start', async () => {
    routes['GET /licenca/getcobranca'] = () => json(COBRANCA);
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ui = (open: boolean) => (
      <QueryClientProvider client={qc}>
        <PagamentoDialog open={open} onClose={() => undefined} onCancelled={() => undefined} />
      </QueryClientProvider>
    );
    const { rerender } = render(ui(true));
    await screen.findByText(T.pendente);
    rerender(ui(false));
    await waitFor(() => expect(screen.queryByText(T.pendente)).toBeNull());
    let answer: (r: Response) => void = () => undefined;
    routes['GET /licenca/getcobranca'] = () => new Promise<Response>((r) => (answer = r));
    rerender(ui(true));
    expect(await screen.findByText(T.verificandoTitulo)).toBeTruthy();
    await act(async () => answer(json(COBRANCA)));
    await screen.findByText(T.pendente);
  });

  it('a pending charge is shown as it is: nothing is confirmed or created', async () => {
    routes['GET /licenca/getcobranca'] = () => json(COBRANCA);
    abrir();
    await screen.findByText(T.pendente);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('copy reads "Código PIX Copiado!" for 3 s; a refused clipboard says so', async () => {
    routes['GET /licenca/getcobranca'] = () => json(COBRANCA);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    abrir();
    const copiar = await screen.findByRole('button', { name: T.copiar });
    vi.useFakeTimers();
    await act(async () => fireEvent.click(copiar));
    expect(writeText).toHaveBeenCalledWith(COBRANCA.pixCopia);
    expect(screen.getByRole('button', { name: T.copiado })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('button', { name: T.copiado })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: T.copiar })).toBeTruthy();
    vi.useRealTimers();

    writeText.mockRejectedValueOnce(new Error('negado'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.copiar })));
    expect(toasts.error).toHaveBeenCalledWith(T.erroCopiar, T.erroCopiarTexto);
  });

  it('verify: still pending warns; paid confirms, disables the actions and closes 2 s later', async () => {
    routes['GET /licenca/getcobranca'] = () => json(COBRANCA);
    let pago = false;
    routes['GET /licenca/verificarpagamento'] = () => json({ pago });
    const { onClose } = abrir();
    await screen.findByText(T.pendente);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.verificar })));
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith(T.pendenteToast, T.pendenteToastTexto));

    pago = true;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.verificar })));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(T.confirmado, T.confirmadoTexto));
    expect(screen.getByRole('heading', { name: T.confirmado })).toBeTruthy();
    for (const name of [T.verificar, T.cancelar, T.copiar])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(2000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('verify failure shows the server message, or "Tente novamente mais tarde"', async () => {
    routes['GET /licenca/getcobranca'] = () => json(COBRANCA);
    routes['GET /licenca/verificarpagamento'] = () => json({ message: 'O PSP não respondeu.' }, 503);
    abrir();
    await screen.findByText(T.pendente);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.verificar })));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(T.erroVerificar, 'O PSP não respondeu.'));
    routes['GET /licenca/verificarpagamento'] = () => new Response('', { status: 502 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.verificar })));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(T.erroVerificar, T.erroVerificarPadrao));
  });

  it('cancel: "Pagamento Cancelado" and back to /licenca; a refusal shows the server message', async () => {
    routes['GET /licenca/getcobranca'] = () => json(COBRANCA);
    routes['DELETE /licenca/cancelacobranca'] = () => json({ message: 'Esta cobrança já foi paga e não pode ser cancelada.' }, 409);
    const { onCancelled } = abrir();
    await screen.findByText(T.pendente);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.cancelar })));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(T.erroCancelar, 'Esta cobrança já foi paga e não pode ser cancelada.'));
    expect(onCancelled).not.toHaveBeenCalled();
    routes['DELETE /licenca/cancelacobranca'] = () => new Response(null, { status: 204 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.cancelar })));
    await waitFor(() => expect(onCancelled).toHaveBeenCalledTimes(1));
    expect(toasts.success).toHaveBeenCalledWith(T.cancelado);
  });

  it('a failed creation: "Erro ao gerar pagamento" with the toast and a retry that works', async () => {
    routes['POST /licenca/gerarcobranca'] = () =>
      json({ message: 'O pagamento por PIX não está configurado neste servidor.', code: 'PIX_NAO_CONFIGURADO' }, 503);
    abrir();
    await screen.findByText(T.erroGerar);
    expect(screen.getByText(T.erroGerarTexto)).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith(T.erroGerar, T.erroGerarTexto);
    routes['POST /licenca/gerarcobranca'] = () => json(COBRANCA, 201);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.tentarNovamente })));
    await screen.findByText(T.pendente);
  });

  it('a charge without its QR code or copy code: "Erro ao gerar QR Code" with retry', async () => {
    routes['GET /licenca/getcobranca'] = () => json({ ...COBRANCA, qrCode: '' });
    abrir();
    await screen.findByText(T.erroQr);
    routes['GET /licenca/getcobranca'] = () => json(COBRANCA);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.tentarNovamente })));
    await screen.findByText(T.pendente);
  });
});

describe('licence blocker rule (spec part 1 §4)', () => {
  const status = (p: { hasActiveLicense: boolean; isLicencaVendaERP?: boolean }) =>
    ({ isLicencaVendaERP: false, ...p }) as Parameters<typeof isBlockedByLicenca>[0];
  it('blocks every role of an expired, non-ERP account, except the master on /licenca', () => {
    const expirada = status({ hasActiveLicense: false });
    for (const role of ['admin', 'atendente', 'user', 'tracker']) {
      expect(isBlockedByLicenca(expirada, role, '/atendimentos')).toBe(true);
      expect(isBlockedByLicenca(expirada, role, '/licenca')).toBe(true);
    }
    expect(isBlockedByLicenca(expirada, 'master', '/atendimentos')).toBe(true);
    expect(isBlockedByLicenca(expirada, 'master', '/licenca')).toBe(false);
    expect(isBlockedByLicenca(expirada, 'master', '/Licenca')).toBe(false);
    expect(isBlockedByLicenca(expirada, 'master', '/licencas')).toBe(true);
  });
  it('never blocks an active or ERP-sold licence, nor while the status is unknown (not loaded or failed)', () => {
    expect(isBlockedByLicenca(status({ hasActiveLicense: true }), 'atendente', '/atendimentos')).toBe(false);
    expect(isBlockedByLicenca(status({ hasActiveLicense: false, isLicencaVendaERP: true }), 'atendente', '/atendimentos')).toBe(false);
    expect(isBlockedByLicenca(undefined, 'atendente', '/atendimentos')).toBe(false);
  });
});
