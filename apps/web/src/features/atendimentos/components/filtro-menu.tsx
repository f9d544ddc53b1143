import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';

const TODOS = '__todos__';

/** One of the list's filters: an icon button showing the choice, a menu of 'all' and the items (with a colour dot). */
export function FiltroMenu({
  icon: Icon,
  rotulo,
  todos,
  itens,
  value,
  onChange,
}: {
  icon: LucideIcon;
  rotulo: string;
  todos: string;
  itens: { id: string; nome: string; cor?: string }[] | undefined;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const atual = itens?.find((i) => i.id === value);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className={cn('h-8 max-w-32 px-2', atual && 'border-primary/50 text-primary')}
          aria-label={rotulo}
          title={atual?.nome ?? rotulo}
        >
          <Icon style={atual?.cor ? { color: atual.cor } : undefined} />
          {atual && <span className="truncate text-xs">{atual.nome}</span>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-80 w-56">
        <DropdownMenuLabel className="text-xs text-muted-foreground">{rotulo}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={value ?? TODOS} onValueChange={(v) => onChange(v === TODOS ? null : v)}>
          <DropdownMenuRadioItem value={TODOS}>{todos}</DropdownMenuRadioItem>
          {itens?.map((i) => (
            <DropdownMenuRadioItem key={i.id} value={i.id}>
              {i.cor && <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: i.cor }} />}
              <span className="truncate">{i.nome}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
