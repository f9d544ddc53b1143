import { cn } from '@/lib/utils';
import { ORIGEM_ICON, type TOrigem } from '../labels';
import { ORIGEM_TEXTS } from '../texts';

/** Where the conversation came from: site widget or WhatsApp. */
export function OrigemBadge({ origem, canal, className }: { origem: TOrigem; canal?: string; className?: string }) {
  const Icon = ORIGEM_ICON[origem];
  return (
    <span
      title={canal ? `${ORIGEM_TEXTS[origem]} · ${canal}` : ORIGEM_TEXTS[origem]}
      className={cn(
        'inline-flex h-5 shrink-0 items-center gap-1 rounded-full border px-1.5 text-[11px] font-medium leading-none',
        origem === 'whatsapp'
          ? 'border-emerald-600/30 text-emerald-700 dark:text-emerald-400'
          : 'border-sky-600/30 text-sky-700 dark:text-sky-400',
        className,
      )}
    >
      <Icon className="size-3" aria-hidden />
      {ORIGEM_TEXTS[origem]}
    </span>
  );
}
