import { useMemo, useState, type ReactNode } from 'react';
import { Building2, Check, Loader2 } from 'lucide-react';
import { UserAvatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import { foldForSearch } from '../format';
import { LISTA_BUSCA_ALTURA_PX } from '../ui-constants';
import { SearchBox } from './search-box';

type TItemEscolha = {
  id: string;
  nome: string;
  fotoUrl?: string | null;
  tipo: 'usuario' | 'departamento';
  nota?: string;
  desabilitado?: boolean;
};

type Props = {
  itens: readonly TItemEscolha[] | undefined;
  carregando: boolean;
  erro: string | null;
  textos: { buscar: string; vazio: string; carregando: string };
  selecionados: ReadonlySet<string>;
  onAlternar: (id: string) => void;
  /** 'um': radios (Nova Conversa); 'varios': checkboxes (groups, adding participants). */
  modo: 'um' | 'varios';
  /** Shown under the list (e.g. the members of the chosen departments). */
  rodape?: ReactNode;
};

/** A searchable list to pick people or departments from (spec part 2 §2 modals; list height per §9). */
export function PickList({ itens, carregando, erro, textos, selecionados, onAlternar, modo, rodape }: Props) {
  const [busca, setBusca] = useState('');
  const visiveis = useMemo(() => {
    const termo = foldForSearch(busca.trim());
    return (itens ?? []).filter((i) => !termo || foldForSearch(i.nome).includes(termo));
  }, [itens, busca]);
  return (
    <div className="flex flex-col gap-2">
      <SearchBox value={busca} onChange={setBusca} placeholder={textos.buscar} />
      <div className="overflow-y-auto rounded-md border" style={{ maxHeight: LISTA_BUSCA_ALTURA_PX }}>
        {erro ? (
          <p role="alert" className="px-3 py-6 text-center text-sm text-destructive">
            {erro}
          </p>
        ) : carregando ? (
          <p className="flex items-center justify-center gap-2 px-3 py-6 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {textos.carregando}
          </p>
        ) : visiveis.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{textos.vazio}</p>
        ) : (
          <fieldset>
            <legend className="sr-only">{textos.buscar}</legend>
            <ul className="flex flex-col p-1">
              {visiveis.map((i) => (
                <Item key={i.id} item={i} modo={modo} marcado={selecionados.has(i.id)} onAlternar={onAlternar} />
              ))}
            </ul>
          </fieldset>
        )}
      </div>
      {rodape}
    </div>
  );
}

function Item({
  item,
  modo,
  marcado,
  onAlternar,
}: {
  item: TItemEscolha;
  modo: Props['modo'];
  marcado: boolean;
  onAlternar: (id: string) => void;
}) {
  return (
    <li>
      <label
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/60',
          marcado && 'bg-primary/10 hover:bg-primary/15',
          item.desabilitado && 'cursor-not-allowed opacity-60 hover:bg-transparent',
        )}
      >
        {item.tipo === 'usuario' ? (
          <UserAvatar nome={item.nome} fotoUrl={item.fotoUrl} className="size-8" />
        ) : (
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <Building2 className="size-4" aria-hidden />
          </span>
        )}
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium">{item.nome}</span>
          {item.nota && <span className="truncate text-xs text-muted-foreground">{item.nota}</span>}
        </span>
        {/* The real control, drawn as the check mark, so it is the thing a pointer (or a test) clicks. */}
        <span className="relative flex size-5 shrink-0">
          <input
            type={modo === 'um' ? 'radio' : 'checkbox'}
            name={modo === 'um' ? 'chat-interno-escolha' : undefined}
            checked={marcado}
            disabled={item.desabilitado}
            onChange={() => onAlternar(item.id)}
            className={cn(
              'size-5 cursor-pointer appearance-none border border-input bg-background outline-none transition-colors checked:border-primary checked:bg-primary disabled:cursor-not-allowed',
              modo === 'um' ? 'rounded-full' : 'rounded',
            )}
          />
          {marcado && <Check className="pointer-events-none absolute inset-0 m-auto size-3.5 text-primary-foreground" aria-hidden />}
        </span>
      </label>
    </li>
  );
}
