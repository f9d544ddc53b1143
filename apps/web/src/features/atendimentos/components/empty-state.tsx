import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** DESIGN: every list has an empty state — an icon, one line, the next action. */
export function EmptyState({
  icon: Icon,
  title,
  line,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  line?: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 px-6 py-10 text-center', className)}>
      <div className="mb-1 flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden />
      </div>
      <p className="text-sm font-medium">{title}</p>
      {line && <p className="max-w-64 text-xs text-muted-foreground">{line}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
