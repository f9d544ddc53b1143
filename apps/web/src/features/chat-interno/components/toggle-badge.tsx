import { textoBadge } from '../badge';

/**
 * The toggle's unread count, capped at 99+ (spec part 2 §2/§9). Loaded on demand by the toggle (it carries the shared
 * chat constants, which the shell's initial JS should not).
 */
export default function ToggleBadge({ total }: { total: number }) {
  const badge = textoBadge(total);
  if (!badge) return null;
  return (
    <span
      data-testid="chat-interno-badge"
      aria-hidden
      className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-background bg-destructive px-1 text-[11px] font-semibold leading-none text-white tabular-nums"
    >
      {badge}
    </span>
  );
}
