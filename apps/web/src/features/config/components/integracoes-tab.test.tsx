// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCanalWhatsApp } from '@balcao/shared/canais';
import { WAPI_TEXTS, type TWapiEvento, type TWapiSessao } from '@balcao/shared/wapi';
import { IntegracoesTab } from './integracoes-tab';
import { stubResizeObserver } from './test-stubs';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));
/** The staff hub as the card sees it: ReceiveWhatsAppEvent pushed by the test, and its connection state. */
const hub = vi.hoisted(() => {
  const eventos = new Set<(e: TWapiEvento) => void>();
  const estados = new Set<() => void>();
  let estado: 'connecting' | 'connected' | 'closed' = 'connected';
  return {
    eventos,
    estados,
    get estado() {
      return estado;
    },
    push: (e: TWapiEvento) => {
      for (const l of eventos) l(e);
    },
    mudar: (e: typeof estado) => {
      estado = e;
      for (const l of estados) l();
    },
  };
});
vi.mock('@/features/atendimentos/realtime/customer-chat', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (l: () => void) => {
    hub.estados.add(l);
    return () => hub.estados.delete(l);
  };
  return {
    customerChat: {
      onWhatsAppEvent: (l: (e: TWapiEvento) => void) => {
        hub.eventos.add(l);
        return () => hub.eventos.delete(l);
      },
    },
    useConnectionState: () => useSyncExternalStore(subscribe, () => hub.estado),
  };
});

const DEP = '0b9a3f1e-5c2d-4e8f-9a7b-1c2d3e4f5a6b';
const canal: TCanalWhatsApp = {
  id: 'c1',
  tipo: 'whatsapp',
  nome: 'Loja Centro',
  ativo: true,
  token: 'tok',
  webhookUrl: 'https://balcao.example/backend/webhooks/whatsapp/tok',
  config: { phoneNumberId: '106540352242922', wabaId: '102290129340398', verifyToken: 'verifica-123', departamentoPadraoId: null },
  accessTokenMascarado: '••••wxyz',
  appSecretDefinido: true,
  conexao: null,
  ultimoErroWebhook: null,
  entregasComFalha: 0,
  criadoEm: '2026-11-23T10:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let lista: TCanalWhatsApp[];
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const sessaoOff: TWapiSessao = {
  estado: 'desconectado',
  qr: null,
  codigoPareamento: null,
  numero: null,
  nome: null,
  erro: null,
  ativo: false,
};
let wapi: TWapiSessao;
let teste: unknown;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (method: string, end: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).endsWith(end));
const body = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <IntegracoesTab />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  lista = [];
  teste = { ok: true, numero: '+55 11 4000-1234', nomeVerificado: 'Loja Centro Ltda' };
  wapi = sessaoOff;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.endsWith('/Integracoes/get'))
      return json({ configWhatsApp: { conectado: false, ativo: false }, configWAPI: { conectado: false, ativo: false }, userId: 'acc1' });
    if (url.endsWith('/wapi/clients/acc1/qr')) return json(wapi);
    const acao = /\/wapi\/clients\/acc1\/(conectar|pareamento|pausar|desconectar)$/.exec(url)?.[1];
    if (acao) {
      wapi = {
        conectar: { ...sessaoOff, estado: 'qr' as const, qr: QR },
        pareamento: { ...wapi, codigoPareamento: 'BALC4O12' },
        pausar: { ...wapi, estado: 'pausado' as const, ativo: false },
        desconectar: sessaoOff,
      }[acao]!;
      return json(wapi, acao === 'conectar' || acao === 'pareamento' ? 202 : 200);
    }
    if (url.endsWith('/api/departamentos')) return json([{ id: DEP, nome: 'Vendas', membros: 2, usuarioIds: [], atendimentosAbertos: 0 }]);
    if (url.endsWith('/api/canais/whatsapp') && method === 'GET') return json(lista);
    if (url.endsWith('/api/canais/whatsapp') && method === 'POST') {
      const input = JSON.parse(String(init!.body));
      return json({ ...canal, id: 'c2', nome: input.nome, config: { ...canal.config, verifyToken: input.verifyToken } }, 201);
    }
    if (url.endsWith('/api/canais/c1/testar')) return json(teste);
    if (url.endsWith('/api/canais/c1') && method === 'PUT') {
      const input = JSON.parse(String(init!.body));
      return json({ ...canal, ativo: input.ativo, config: { ...canal.config, departamentoPadraoId: input.departamentoPadraoId } });
    }
    if (url.endsWith('/api/canais/c1') && method === 'DELETE') return new Response(null, { status: 204 });
    return json({ message: 'não encontrado' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  stubResizeObserver();
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => {}) }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Integrações: WhatsApp Cloud API', () => {
  it('connects a number: shared-schema errors first, then POST with every field', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: /Conectar WhatsApp/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar número' }));
    expect(await within(dialog).findByText('Informe o token de acesso do Meta.')).toBeTruthy();
    expect(calls('POST', '/api/canais/whatsapp')).toHaveLength(0);
    // Secrets are typed in password fields.
    expect((within(dialog).getByLabelText('Token de acesso') as HTMLInputElement).type).toBe('password');
    fireEvent.change(within(dialog).getByLabelText('Phone number ID'), { target: { value: '106540352242922' } });
    fireEvent.change(within(dialog).getByLabelText('WhatsApp Business Account ID'), { target: { value: '102290129340398' } });
    fireEvent.change(within(dialog).getByLabelText('Token de acesso'), { target: { value: 'EAAG'.padEnd(40, 'x') } });
    fireEvent.change(within(dialog).getByLabelText('Chave secreta do app (App Secret)'), { target: { value: 'abcdef123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar número' }));
    await waitFor(() => expect(calls('POST', '/api/canais/whatsapp')).toHaveLength(1));
    const sent = body(calls('POST', '/api/canais/whatsapp')[0]!);
    expect(sent).toMatchObject({ phoneNumberId: '106540352242922', wabaId: '102290129340398', appSecret: 'abcdef123456', ativo: true });
    expect(sent.verifyToken).toMatch(/^[0-9a-z]{36}$/);
    expect(await screen.findByText(canal.webhookUrl)).toBeTruthy();
  });

  it('shows the webhook URL and verify token to paste into Meta, the secrets only masked', async () => {
    lista = [canal];
    mount();
    const card = await screen.findByTestId('whatsapp-card');
    expect(within(card).getByText(canal.webhookUrl)).toBeTruthy();
    expect(within(card).getByText('verifica-123')).toBeTruthy();
    expect(within(card).getByText('••••wxyz')).toBeTruthy();
    fireEvent.click(within(card).getAllByRole('button', { name: 'Copiar' })[0]!);
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith(canal.webhookUrl));
  });

  it("'Testar conexão' shows the display number and verified name, or Meta's error", async () => {
    lista = [canal];
    mount();
    const card = await screen.findByTestId('whatsapp-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Testar conexão' }));
    expect(await within(card).findByText('+55 11 4000-1234')).toBeTruthy();
    expect(within(card).getByText('Loja Centro Ltda')).toBeTruthy();
    teste = { ok: false, erro: 'Token de acesso inválido ou expirado.' };
    fireEvent.click(within(card).getByRole('button', { name: 'Testar conexão' }));
    expect(await within(card).findByText('Token de acesso inválido ou expirado.')).toBeTruthy();
  });

  it('pauses and picks the department with PUT, the secrets left empty (kept)', async () => {
    lista = [canal];
    mount();
    const card = await screen.findByTestId('whatsapp-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(calls('PUT', '/api/canais/c1')).toHaveLength(1));
    expect(body(calls('PUT', '/api/canais/c1')[0]!)).toMatchObject({ ativo: false, accessToken: '', appSecret: '' });
    expect(await within(card).findByRole('button', { name: 'Ativar' })).toBeTruthy();
    await waitFor(() => expect(within(card).getByRole('option', { name: 'Vendas' })).toBeTruthy());
    fireEvent.change(within(card).getByLabelText('Departamento que recebe as novas conversas'), { target: { value: DEP } });
    await waitFor(() => expect(calls('PUT', '/api/canais/c1')).toHaveLength(2));
    expect(body(calls('PUT', '/api/canais/c1')[1]!)).toMatchObject({ departamentoPadraoId: DEP });
  });

  it('deletes only after confirmation', async () => {
    lista = [canal];
    mount();
    const card = await screen.findByTestId('whatsapp-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Excluir Loja Centro' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(calls('DELETE', '/api/canais/c1')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir número' }));
    await waitFor(() => expect(calls('DELETE', '/api/canais/c1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('whatsapp-card')).toBeNull());
  });
});

describe('Integrações: WhatsApp Web', () => {
  it('says why it is not connected, connects on retry and shows the QR code with the steps', async () => {
    wapi = { ...sessaoOff, erro: WAPI_TEXTS.semRede };
    mount();
    const card = await screen.findByTestId('wapi-card');
    expect(await within(card).findByText(WAPI_TEXTS.semRede)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Tentar novamente' }));
    const img = (await within(card).findByRole('img', { name: 'QR Code para conectar o WhatsApp' })) as HTMLImageElement;
    expect(img.src).toBe(QR);
    expect(calls('POST', '/wapi/clients/acc1/conectar')).toHaveLength(1);
    expect(within(card).getByText('Aguardando leitura')).toBeTruthy();
    expect(within(card).getByText(/Dispositivos conectados/)).toBeTruthy();
  });

  it('offers a pairing code for a phone number, checked by the shared schema', async () => {
    wapi = { ...sessaoOff, estado: 'qr', qr: QR };
    mount();
    const card = await screen.findByTestId('wapi-card');
    const field = await within(card).findByLabelText('Prefere um código? Informe o número do WhatsApp');
    fireEvent.change(field, { target: { value: '1199' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Gerar código' }));
    expect(await within(card).findByText('Informe o número com DDI e DDD, somente números (ex.: 5511999998888).')).toBeTruthy();
    expect(calls('POST', '/wapi/clients/acc1/pareamento')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '+55 (11) 99999-8888' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Gerar código' }));
    expect(await within(card).findByText('BALC-4O12')).toBeTruthy();
    expect(body(calls('POST', '/wapi/clients/acc1/pareamento')[0]!)).toEqual({ numero: '5511999998888' });
  });

  it('shows the connected number and name, pauses, and disconnects only after confirmation', async () => {
    wapi = { ...sessaoOff, estado: 'conectado', numero: '+5511900001111', nome: 'Loja Exemplo', ativo: true };
    mount();
    const card = await screen.findByTestId('wapi-card');
    expect(await within(card).findByText('+55 11 90000-1111')).toBeTruthy();
    expect(within(card).getByText('Loja Exemplo')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Pausar' }));
    expect(await within(card).findByText('Pausado', { selector: 'span' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Desconectar' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(calls('POST', '/wapi/clients/acc1/desconectar')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() => expect(calls('POST', '/wapi/clients/acc1/desconectar')).toHaveLength(1));
    expect(await within(card).findByRole('button', { name: 'Conectar com QR Code' })).toBeTruthy();
  });

  it('follows the pushed session at all times: a logout on the phone, a connection made elsewhere, a hub reconnect', async () => {
    wapi = { ...sessaoOff, estado: 'conectado', numero: '+5511900001111', nome: 'Loja Exemplo', ativo: true };
    mount();
    const card = await screen.findByTestId('wapi-card');
    await within(card).findByRole('button', { name: 'Pausar' });
    await waitFor(() => expect(hub.eventos.size).toBe(1));
    const lidas = calls('GET', '/wapi/clients/acc1/qr').length;
    const integracoes = calls('GET', '/Integracoes/get').length;

    // The phone removes the device (no QR shown, so nothing polls): the push alone changes the card and the banner's source.
    act(() => hub.push({ tipo: 'wapi.sessao', sessao: { ...sessaoOff, erro: WAPI_TEXTS.desconectadoNoCelular } }));
    expect(await within(card).findByText(WAPI_TEXTS.desconectadoNoCelular)).toBeTruthy();
    expect(within(card).getByText('Desconectado', { selector: 'span' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expect(calls('GET', '/wapi/clients/acc1/qr')).toHaveLength(lidas);
    await waitFor(() => expect(calls('GET', '/Integracoes/get').length).toBeGreaterThan(integracoes));

    // Connected from another screen (another admin's tab): the number shows here too.
    act(() =>
      hub.push({
        tipo: 'wapi.sessao',
        sessao: { ...sessaoOff, estado: 'conectado', numero: '+5511900002222', nome: 'Filial', ativo: true },
      }),
    );
    expect(await within(card).findByText('+55 11 90000-2222')).toBeTruthy();
    expect(within(card).getByText('Filial')).toBeTruthy();
    expect(calls('GET', '/wapi/clients/acc1/qr')).toHaveLength(lidas);

    // The hub dropped and came back: what was pushed meanwhile is read again.
    wapi = { ...sessaoOff, estado: 'pausado', numero: '+5511900002222', nome: 'Filial', ativo: false };
    act(() => hub.mudar('connecting'));
    act(() => hub.mudar('connected'));
    expect(await within(card).findByRole('button', { name: 'Ativar' })).toBeTruthy();
    expect(calls('GET', '/wapi/clients/acc1/qr')).toHaveLength(lidas + 1);

    cleanup();
    expect(hub.eventos.size).toBe(0);
  });
});
