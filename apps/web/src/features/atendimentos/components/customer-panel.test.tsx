// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAnuncio } from '@balcao/shared/atendimentos';
import { atendimentoKeys } from '../keys';
import { makeAtendimento } from '../testing/factories';
import { CLIENTE_TEXTS } from '../texts';
import { CustomerPanel } from './customer-panel';

afterEach(cleanup);

/** The panel of a WhatsApp conversation started (or not) from an ad; the customer's details already loaded. */
function painel(anuncio: TAnuncio | null) {
  const a = makeAtendimento({ origem: 'whatsapp', anuncio });
  const qc = new QueryClient();
  qc.setQueryData(atendimentoKeys.cliente(a.clienteId), {
    id: a.clienteId,
    nome: a.clienteNome,
    numero: a.numero,
    email: null,
    avatar: null,
    identificador: null,
    atendimentos: [],
  });
  render(
    <QueryClientProvider client={qc}>
      <CustomerPanel atendimento={a} onAbrir={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('the ad a WhatsApp customer clicked, in the customer panel', () => {
  it('shows its title linking to its page', () => {
    painel({ titulo: 'Promoção de verão', url: 'https://fb.me/anuncio-123' });
    expect(screen.getByText(CLIENTE_TEXTS.anuncio)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Promoção de verão' });
    expect(link.getAttribute('href')).toBe('https://fb.me/anuncio-123');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never links an address that is not a web page, and says when Meta gave no details', () => {
    painel({ titulo: 'Oferta', url: 'javascript:alert(1)' });
    expect(screen.getByText('Oferta')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Oferta' })).toBeNull();
    cleanup();
    painel({ titulo: null, url: null });
    expect(screen.getByText(CLIENTE_TEXTS.anuncioSemDetalhes)).toBeTruthy();
  });

  it('has no ad line on a conversation that did not come from one', () => {
    painel(null);
    expect(screen.queryByText(CLIENTE_TEXTS.anuncio)).toBeNull();
  });
});
