import { vi } from 'vitest';

/** Radix Switch measures itself; jsdom has no ResizeObserver (tests of the Configurações tabs). */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
