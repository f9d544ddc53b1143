import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '@balcao/shared/auth';

export type Theme = 'light' | 'dark' | 'system';
/** Spec part 1 §1: default light, system theme off unless chosen; stored under `theme`. */
const DEFAULT_THEME: Theme = 'light';

const ThemeContext = createContext<{ theme: Theme; setTheme: (t: Theme) => void } | null>(null);

const readTheme = (): Theme => {
  const t = localStorage.getItem(STORAGE_KEYS.theme);
  return t === 'dark' || t === 'light' || t === 'system' ? t : DEFAULT_THEME;
};

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readTheme);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const paint = () => document.documentElement.classList.toggle('dark', theme === 'dark' || (theme === 'system' && media.matches));
    paint();
    if (theme !== 'system') return;
    media.addEventListener('change', paint);
    return () => media.removeEventListener('change', paint);
  }, [theme]);
  const setTheme = useCallback((t: Theme) => {
    localStorage.setItem(STORAGE_KEYS.theme, t);
    setThemeState(t);
  }, []);
  return <ThemeContext.Provider value={{ theme, setTheme }}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme fora do ThemeProvider');
  return ctx;
}
