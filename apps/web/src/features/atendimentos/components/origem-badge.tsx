import { cn } from '@/lib/utils';
import { marcaDaOrigem, type TOrigem } from '../labels';

/** Where the conversation came from (site widget, WhatsApp...): the label, icon and colour its channel declares. */
export function OrigemBadge({ origem, canal, className }: { origem: TOrigem; canal?: string; className?: string }) {
  const { rotulo, Icone, tom } = marcaDaOrigem(origem);
  return (
    <span
      title={canal ? `${rotulo} · ${canal}` : rotulo}
      className={cn(
        'inline-flex h-5 shrink-0 items-center gap-1 rounded-full border px-1.5 text-[11px] font-medium leading-none',
        tom.contorno,
        className,
      )}
    >
      <Icone className="size-3" aria-hidden />
      {rotulo}
    </span>
  );
}
