import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/features/theme/theme';

/** Quick light/dark switch in the top bar; 'Sistema' stays in the user menu's Aparência. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  const label = dark ? 'Usar tema claro' : 'Usar tema escuro';
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      aria-label={label}
      title={label}
    >
      {dark ? <Sun /> : <Moon />}
    </Button>
  );
}
