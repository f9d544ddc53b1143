// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENTIMENTO_TEXTS, type TConsentimento, type TEstadoConsentimento } from '@balcao/shared/consentimento';
import { useConsentimento } from './api';
import { AvisoConsentimentoDoCliente } from './aviso-consentimento';

const CLIENTE = '0b9a3f1e-5c2d-4e8f-9a7b-1c2d3e4f5a6b';

/** Shows when the same query has its answer, so an absent notice is checked after the answer, not before it. */
function Lido() {
  return useConsentimento(CLIENTE).data ? <span>lido</span> : null;
}
const answer = (whatsapp: TEstadoConsentimento): TConsentimento => ({
  estados: [
    { finalidade: 'whatsapp', estado: whatsapp, em: null },
    { finalidade: 'email', estado: 'aceito', em: null },
  ],
  historico: [],
});

function mount(whatsapp: TEstadoConsentimento) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer(whatsapp)), { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AvisoConsentimentoDoCliente clienteId={CLIENTE} />
      <Lido />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the consent notice where a scheduled message is written', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('warns about a customer who never answered (allowed) and reads their consent once', async () => {
    const fetchMock = mount('solicitado');
    expect((await screen.findByRole('status')).textContent).toBe(CONSENTIMENTO_TEXTS.nuncaSolicitadoAviso);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain(`/api/clientes/${CLIENTE}/consentimento`);
  });

  it('says a revoked customer will not receive it', async () => {
    mount('revogado');
    expect((await screen.findByRole('alert')).textContent).toBe(CONSENTIMENTO_TEXTS.recusadoWhatsApp);
  });

  it('says nothing once the customer accepted', async () => {
    mount('aceito');
    await screen.findByText('lido');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
