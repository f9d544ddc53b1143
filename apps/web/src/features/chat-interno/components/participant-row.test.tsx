// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CHAT_INTERNO_PERMISSOES as P, type TParticipante } from '@balcao/shared/chat-interno';
import { PARTICIPANTES_TEXTS as T } from '../texts';
import { ParticipantRow } from './participant-row';

const erro = vi.fn();
vi.mock('@/lib/toast', () => ({ toast: { error: (...a: unknown[]) => erro(...a), success: vi.fn() } }));

const pessoa = (p: Partial<TParticipante>): TParticipante => ({ id: 'x', nome: 'Xavier', tipo: 1, admin: false, fotoUrl: null, ...p });
const linha = (p: TParticipante, souAdmin: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <ParticipantRow conversaId="c1" p={p} meuId="me" souAdmin={souAdmin} />
      </ul>
    </QueryClientProvider>,
  );

/** The spec's permission toasts are reachable where the action is still on screen. */
describe('ParticipantRow permission texts (spec part 2 §8)', () => {
  afterEach(() => {
    cleanup();
    erro.mockClear();
  });

  it("an admin's own row keeps promote and remove, disabled, with the spec's reasons as tooltip and toast", () => {
    linha(pessoa({ id: 'me', nome: 'Marta Master', admin: true }), true);
    const promover = screen.getByRole('button', { name: T.promover('Marta Master') });
    const remover = screen.getByRole('button', { name: T.remover('Marta Master') });
    expect(promover.getAttribute('aria-disabled')).toBe('true');
    expect(promover.getAttribute('title')).toBe(P.jaAdmin);
    expect(remover.getAttribute('title')).toBe(P.naoRemoverSiMesmo);
    fireEvent.click(promover);
    fireEvent.click(remover);
    expect(erro.mock.calls.map((c) => c[0])).toEqual([P.jaAdmin, P.naoRemoverSiMesmo]);
  });

  it('an admin sees both actions enabled on another member', () => {
    linha(pessoa({}), true);
    expect(screen.getByRole('button', { name: T.promover('Xavier') }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByRole('button', { name: T.remover('Xavier') }).getAttribute('title')).toBe(T.remover('Xavier'));
  });

  it('a non-admin sees no action at all', () => {
    linha(pessoa({}), false);
    linha(pessoa({ id: 'me', nome: 'Eu' }), false);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
