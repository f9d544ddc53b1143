// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRole } from '@balcao/shared/roles';
import { useCustomerChatBackground } from './use-customer-chat-background';

const binding = vi.hoisted(() => ({ stop: vi.fn(), start: vi.fn() }));
vi.mock('./use-realtime-binding', () => ({
  startCustomerChat: (...args: unknown[]) => {
    binding.start(...args);
    return binding.stop;
  },
}));

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

/** The customer chat opens after authentication, from the shell, whatever page is on screen. */
describe('useCustomerChatBackground (mounted by the signed-in shell on every guarded page)', () => {
  afterEach(() => {
    binding.start.mockClear();
    binding.stop.mockClear();
  });

  it.each<TRole>(['master', 'admin', 'atendente'])(
    'opens the connection for %s and closes it when the shell goes (logout)',
    async (role) => {
      const { unmount } = renderHook(() => useCustomerChatBackground({ id: 'u1', role }), { wrapper });
      await waitFor(() => expect(binding.start).toHaveBeenCalledTimes(1));
      expect(binding.start.mock.calls[0]![1]).toBe('u1');
      unmount();
      expect(binding.stop).toHaveBeenCalledTimes(1);
    },
  );

  it.each<TRole>(['user', 'tracker'])('never opens it for %s (no customer chat)', async (role) => {
    const { unmount } = renderHook(() => useCustomerChatBackground({ id: 'u1', role }), { wrapper });
    // The binding is imported lazily: give that import every chance to resolve before saying it was not made.
    await import('./use-realtime-binding');
    await new Promise((r) => setTimeout(r, 0));
    expect(binding.start).not.toHaveBeenCalled();
    unmount();
  });
});
