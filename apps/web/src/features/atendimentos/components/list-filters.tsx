import { Building2, Search, Tag, X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { useDepartamentos } from '@/features/departamentos/api';
import { useEtiquetas } from '@/features/etiquetas/api';
import { INBOX_TEXTS } from '../texts';
import { FiltroMenu } from './filtro-menu';

/** Search by customer name or number, and the department and label filters. */
export function ListFilters({
  busca,
  onBusca,
  departamentoId,
  onDepartamento,
  etiquetaId,
  onEtiqueta,
}: {
  busca: string;
  onBusca: (v: string) => void;
  departamentoId: string | null;
  onDepartamento: (id: string | null) => void;
  etiquetaId: string | null;
  onEtiqueta: (id: string | null) => void;
}) {
  const { data: departamentos } = useDepartamentos();
  // The label filter appears once the account has labels.
  const { data: etiquetas } = useEtiquetas();
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
      <FiltroMenu
        icon={Building2}
        rotulo={INBOX_TEXTS.filtrarDepartamento}
        todos={INBOX_TEXTS.todosDepartamentos}
        itens={departamentos}
        value={departamentoId}
        onChange={onDepartamento}
      />
      {(etiquetas?.length || etiquetaId) && (
        <FiltroMenu
          icon={Tag}
          rotulo={INBOX_TEXTS.filtrarEtiqueta}
          todos={INBOX_TEXTS.todasEtiquetas}
          itens={etiquetas}
          value={etiquetaId}
          onChange={onEtiqueta}
        />
      )}
    </div>
  );
}
