// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAvaliacaoPublica } from '../api';
import { AvaliarPage } from './avaliar-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base: TAvaliacaoPublica = {
  empresa: 'Loja Demo',
  ticket: 17,
  atendenteNome: 'Ana',
  status: 'pendente',
  nota: null,
  comentario: null,
};
let fetchMock: ReturnType<typeof vi.fn>;

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/avaliar/demo/abc-123#token=tok-do-cliente']}>
        <Routes>
          <Route path="/avaliar/:databaseName/:atendimentoId" element={<AvaliarPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AvaliarPage', () => {
  beforeEach(() => {
    fetchMock = vi.fn(async () => json(base));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('takes 1 to 5 stars and an optional comment, sends them once and thanks', async () => {
    mount();
    expect(await screen.findByRole('heading', { name: 'Como foi seu atendimento?' })).toBeTruthy();
    expect(screen.getByText('Loja Demo')).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 estrela',
      '2 estrelas',
      '3 estrelas',
      '4 estrelas',
      '5 estrelas',
    ]);
    const enviar = screen.getByRole('button', { name: 'Enviar avaliação' }) as HTMLButtonElement;
    expect(enviar.disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: '4 estrelas' }));
    expect(screen.getByText('Bom')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comentário (opcional)'), { target: { value: '  Muito atenciosa  ' } });
    fetchMock.mockImplementationOnce(async () => json({ message: 'Obrigado pela sua avaliação!' }));
    fireEvent.click(enviar);

    expect(await screen.findByRole('heading', { name: 'Obrigado pela sua avaliação!' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '4 estrelas de 5' })).toBeTruthy();
    // The link's token (after #, so the browser never sent it anywhere) goes with the read and the rating.
    expect(fetchMock.mock.calls[0]![0]).toBe('/backend/api/public/avaliacao/demo/abc-123?token=tok-do-cliente');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/backend/api/public/avaliacao/demo/abc-123');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ nota: 4, comentario: 'Muito atenciosa', token: 'tok-do-cliente' });
  });

  it('a rated attendance shows the stars given', async () => {
    fetchMock.mockImplementation(async () => json({ ...base, status: 'avaliado', nota: 2, comentario: 'Demorou' }));
    mount();
    expect(await screen.findByRole('heading', { name: 'Este atendimento já foi avaliado.' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '2 estrelas de 5' })).toBeTruthy();
    expect(screen.getByText('“Demorou”')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('an open attendance cannot be rated yet', async () => {
    fetchMock.mockImplementation(async () => json({ ...base, status: 'aberto' }));
    mount();
    expect(await screen.findByRole('heading', { name: 'Este atendimento ainda não foi finalizado.' })).toBeTruthy();
  });

  it('an unknown or foreign link is invalid', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'Link de avaliação inválido.', code: 'NOT_FOUND' }, 404));
    mount();
    expect(await screen.findByRole('heading', { name: 'Link de avaliação inválido.' })).toBeTruthy();
  });

  it('a second try (409) reads the state again and shows the rated page', async () => {
    mount();
    await screen.findByRole('heading', { name: 'Como foi seu atendimento?' });
    fireEvent.click(screen.getByRole('radio', { name: '5 estrelas' }));
    fetchMock
      .mockImplementationOnce(async () => json({ message: 'Este atendimento já foi avaliado.', code: 'CONFLICT' }, 409))
      .mockImplementationOnce(async () => json({ ...base, status: 'avaliado', nota: 3 }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    expect(await screen.findByRole('heading', { name: 'Este atendimento já foi avaliado.' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '3 estrelas de 5' })).toBeTruthy();
  });

  it('a network failure offers a retry', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    mount();
    // One automatic retry first (about a second), then the page says so.
    const retry = await screen.findByRole('button', { name: /Tentar novamente/ }, { timeout: 4000 });
    fetchMock.mockImplementation(async () => json(base));
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Como foi seu atendimento?' })).toBeTruthy());
  });
});
