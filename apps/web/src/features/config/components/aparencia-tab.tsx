import { Monitor, Moon, PanelBottom, PanelLeft, PanelTop, Sun, type LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import type { TDockPosition, THeaderStyle } from '@balcao/shared/layout';
import { useDockPreferences } from '@/features/layout/hooks/use-dock-preferences';
import { useTheme, type Theme } from '@/features/theme/theme';
import { SwitchRow } from './switch-row';

type Choice<V extends string> = { value: V; label: string; icon: LucideIcon };

const THEMES: Choice<Theme>[] = [
  { value: 'light', label: 'Claro', icon: Sun },
  { value: 'dark', label: 'Escuro', icon: Moon },
  { value: 'system', label: 'Sistema', icon: Monitor },
];
const NAVIGATION: Choice<THeaderStyle>[] = [
  { value: 'sidebar', label: 'Menu lateral', icon: PanelLeft },
  { value: 'dock', label: 'Dock flutuante', icon: PanelBottom },
];
const POSITIONS: Choice<TDockPosition>[] = [
  { value: 'top', label: 'Topo', icon: PanelTop },
  { value: 'bottom', label: 'Base', icon: PanelBottom },
];

/** A row of large radio cards (arrow keys move between them). */
function Choices<V extends string>({
  label,
  hint,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  value: V;
  options: Choice<V>[];
  onChange: (v: V) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <div className="grid gap-0.5">
        <h3 className="text-sm font-medium">{label}</h3>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
      <RadioGroup.Root
        aria-label={label}
        value={value}
        onValueChange={(v) => onChange(v as V)}
        disabled={disabled}
        className={options.length === 3 ? 'grid grid-cols-3 gap-2' : 'grid grid-cols-2 gap-2 sm:grid-cols-3'}
      >
        {options.map(({ value: v, label: l, icon: Icon }) => (
          <RadioGroup.Item
            key={v}
            value={v}
            className="flex min-w-0 items-center gap-2 rounded-lg border bg-card px-3 py-2.5 text-sm font-medium max-sm:px-2.5 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:text-primary"
          >
            <Icon className="size-4" aria-hidden /> {l}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/** 'Aparência': theme, navigation style, dock position and auto-hide, stored in this browser (spec part 1 §1, §2, §3). */
export function AparenciaTab() {
  const { theme, setTheme } = useTheme();
  const { prefs, setPreference } = useDockPreferences();
  const dock = prefs.headerStyle === 'dock';
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Aparência</h2>
        <p className="text-sm text-muted-foreground">Preferências deste navegador: valem só para você, neste aparelho.</p>
      </div>
      <div className="grid max-w-2xl gap-6 rounded-xl border bg-card p-4 sm:p-5">
        <Choices
          label="Tema"
          hint="Sistema acompanha o modo claro ou escuro do aparelho."
          value={theme}
          options={THEMES}
          onChange={setTheme}
        />
        <Choices
          label="Navegação"
          hint="Menu lateral fixo ou um dock flutuante no centro da tela."
          value={prefs.headerStyle}
          options={NAVIGATION}
          onChange={(v) => setPreference('headerStyle', v)}
        />
        <Choices
          label="Posição do dock"
          hint={dock ? 'Onde o dock fica na tela.' : 'Vale quando a navegação é o dock flutuante.'}
          value={prefs.position}
          options={POSITIONS}
          onChange={(v) => setPreference('position', v)}
          disabled={!dock}
        />
        <SwitchRow
          label="Ocultar dock automaticamente"
          description="O dock aparece quando o ponteiro chega à borda da tela e some quando sai."
          checked={prefs.autoHide}
          onCheckedChange={(v) => setPreference('autoHide', v)}
        />
      </div>
    </div>
  );
}
