import { ChevronRight, Palette } from 'lucide-react';
import type { TDockPosition, THeaderStyle } from '@balcao/shared/layout';
import {
  DropdownMenuCheckboxItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '@/components/ui/dropdown-menu';
import { useTheme, type Theme } from '@/features/theme/theme';
import { useDockPreferences } from '../hooks/use-dock-preferences';

const THEMES: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Claro' },
  { value: 'dark', label: 'Escuro' },
  { value: 'system', label: 'Sistema' },
];
const NAVIGATION: { value: THeaderStyle; label: string }[] = [
  { value: 'sidebar', label: 'Menu lateral' },
  { value: 'dock', label: 'Dock flutuante' },
];
const POSITIONS: { value: TDockPosition; label: string }[] = [
  { value: 'top', label: 'Topo' },
  { value: 'bottom', label: 'Base' },
];

const sectionLabel = 'text-xs font-medium text-muted-foreground';

/** Theme and navigation preferences, stored locally (spec part 1 §1, §3). */
export function AppearanceSubmenu() {
  const { theme, setTheme } = useTheme();
  const { prefs, setPreference } = useDockPreferences();
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        <Palette className="size-4 text-muted-foreground" aria-hidden />
        Aparência
        <ChevronRight className="ml-auto size-4 text-muted-foreground" aria-hidden />
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent className="min-w-52">
        <DropdownMenuLabel className={sectionLabel}>Tema</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
          {THEMES.map((t) => (
            <DropdownMenuRadioItem key={t.value} value={t.value}>
              {t.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className={sectionLabel}>Navegação</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={prefs.headerStyle} onValueChange={(v) => setPreference('headerStyle', v as THeaderStyle)}>
          {NAVIGATION.map((n) => (
            <DropdownMenuRadioItem key={n.value} value={n.value}>
              {n.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className={sectionLabel}>Posição do dock</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={prefs.position} onValueChange={(v) => setPreference('position', v as TDockPosition)}>
          {POSITIONS.map((p) => (
            <DropdownMenuRadioItem key={p.value} value={p.value}>
              {p.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuCheckboxItem
          checked={prefs.autoHide}
          onCheckedChange={(c) => setPreference('autoHide', c === true)}
          onSelect={(e) => e.preventDefault()}
        >
          Ocultar dock automaticamente
        </DropdownMenuCheckboxItem>
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}
