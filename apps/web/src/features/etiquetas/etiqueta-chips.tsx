import type { TEtiqueta } from '@balcao/shared/etiquetas';
import { useEtiquetas } from './api';

/** A conversation's labels as small coloured chips (names from the account's list). */
export function EtiquetaChips({ ids, max = 2 }: { ids: string[] | undefined; max?: number }) {
  const { data } = useEtiquetas();
  if (!ids?.length || !data) return null;
  const byId = new Map(data.map((e) => [e.id, e]));
  const mine = ids.map((id) => byId.get(id)).filter((e): e is TEtiqueta => Boolean(e));
  return (
    <span className="flex min-w-0 shrink items-center gap-1" data-etiquetas>
      {mine.slice(0, max).map((e) => (
        <span
          key={e.id}
          className="inline-flex max-w-24 items-center gap-1 truncate rounded-full border px-1.5 text-[10px] leading-4"
          style={{ borderColor: e.cor, color: e.cor }}
        >
          {e.nome}
        </span>
      ))}
      {mine.length > max && <span className="text-[10px] text-muted-foreground">+{mine.length - max}</span>}
    </span>
  );
}
