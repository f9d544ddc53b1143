// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@balcao/shared/auth';
import { DEFAULT_DOCK_AUTO_HIDE } from '@balcao/shared/layout';
import { ThemeProvider } from '@/features/theme/theme';
import { AparenciaTab } from './aparencia-tab';
import { stubResizeObserver } from './test-stubs';

const mount = () =>
  render(
    <ThemeProvider>
      <AparenciaTab />
    </ThemeProvider>,
  );
const radio = (name: string) => screen.getByRole('radio', { name });

beforeEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Configurações → Aparência', () => {
  it('starts from the defaults: light theme, side menu, dock position off until the dock is chosen', () => {
    mount();
    expect(radio('Claro').getAttribute('aria-checked')).toBe('true');
    expect(radio('Menu lateral').getAttribute('aria-checked')).toBe('true');
    expect((radio('Topo') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Vale quando a navegação é o dock flutuante.')).not.toBeNull();
  });

  it('stores each preference in this browser under the spec keys and paints the dark theme', () => {
    mount();
    fireEvent.click(radio('Escuro'));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    fireEvent.click(radio('Dock flutuante'));
    expect(localStorage.getItem(STORAGE_KEYS.dockHeaderStyle)).toBe('dock');
    expect((radio('Topo') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(radio('Topo'));
    expect(localStorage.getItem(STORAGE_KEYS.dockPosition)).toBe('top');
    fireEvent.click(screen.getByRole('switch', { name: 'Ocultar dock automaticamente' }));
    const autoHide = String(!DEFAULT_DOCK_AUTO_HIDE);
    expect(localStorage.getItem(STORAGE_KEYS.dockAutoHide)).toBe(autoHide);
    // A fresh mount reads them back.
    cleanup();
    mount();
    expect(radio('Escuro').getAttribute('aria-checked')).toBe('true');
    expect(radio('Dock flutuante').getAttribute('aria-checked')).toBe('true');
    expect(radio('Topo').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Ocultar dock automaticamente' }).getAttribute('aria-checked')).toBe(autoHide);
  });
});
