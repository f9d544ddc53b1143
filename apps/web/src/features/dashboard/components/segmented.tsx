import { ToggleGroup } from 'radix-ui';

type Option<V extends string> = { value: V; label: string };

/** A single-choice row of buttons (arrow keys move, Enter/Space picks): the period and attendant pickers. */
export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (v: V) => void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      aria-label={label}
      value={value}
      // Radix sends '' when the pressed item is clicked again; a picker always keeps one choice.
      onValueChange={(v) => v && onChange(v as V)}
      className="inline-flex h-9 items-center rounded-lg bg-muted p-[3px] text-muted-foreground"
    >
      {options.map((o) => (
        <ToggleGroup.Item
          key={o.value}
          value={o.value}
          className="inline-flex h-full items-center rounded-md px-3 text-sm font-medium outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm dark:data-[state=on]:bg-input/40"
        >
          {o.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
