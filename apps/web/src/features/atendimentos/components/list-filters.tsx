import { Building2, Search, X } from 'lucide-react';
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
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useDepartamentos } from '@/features/departamentos/api';
import { INBOX_TEXTS } from '../texts';

const TODOS = '__todos__';

/** Search by customer name or number, and the department filter. */
export function ListFilters({
  busca,
  onBusca,
  departamentoId,
  onDepartamento,
}: {
  busca: string;
  onBusca: (v: string) => void;
  departamentoId: string | null;
  onDepartamento: (id: string | null) => void;
}) {
  const { data: departamentos } = useDepartamentos();
  const atual = departamentos?.find((d) => d.id === departamentoId);
  return (
    <div className="flex items-center gap-2">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={busca}
          onChange={(e) => onBusca(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || !busca) return;
            e.stopPropagation();
            onBusca('');
          }}
          placeholder={INBOX_TEXTS.buscar}
          aria-label={INBOX_TEXTS.buscar}
          className="h-8 pl-8 pr-7 text-sm [&::-webkit-search-cancel-button]:hidden"
        />
        {busca && (
          <button
            type="button"
            onClick={() => onBusca('')}
            aria-label="Limpar busca"
            className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded p-0.5 text-muted-foreground hover:text-foreground"
          >
            <X className="size-3.5" />
          </button>
        )}
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className={cn('h-8 max-w-32 px-2', atual && 'border-primary/50 text-primary')}
            aria-label={INBOX_TEXTS.filtrarDepartamento}
            title={atual?.nome ?? INBOX_TEXTS.filtrarDepartamento}
          >
            <Building2 />
            {atual && <span className="truncate text-xs">{atual.nome}</span>}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-80 w-56">
          <DropdownMenuLabel className="text-xs text-muted-foreground">{INBOX_TEXTS.filtrarDepartamento}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuRadioGroup value={departamentoId ?? TODOS} onValueChange={(v) => onDepartamento(v === TODOS ? null : v)}>
            <DropdownMenuRadioItem value={TODOS}>{INBOX_TEXTS.todosDepartamentos}</DropdownMenuRadioItem>
            {departamentos?.map((d) => (
              <DropdownMenuRadioItem key={d.id} value={d.id}>
                <span className="truncate">{d.nome}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
