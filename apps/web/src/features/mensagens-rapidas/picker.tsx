import { useEffect } from 'react';
import { Globe2 } from 'lucide-react';
import type { TMensagemRapida } from '@balcao/shared/mensagens-rapidas';
import { cn } from '@/lib/utils';

const RAPIDAS_PICKER_TEXTS = {
  rotulo: 'Mensagens rápidas',
  nenhuma: 'Nenhuma mensagem rápida encontrada.',
  carregando: 'Carregando mensagens rápidas…',
  publica: 'Pública',
} as const;

export const opcaoId = (listId: string, i: number) => `${listId}-op-${i}`;

/**
 * The list '/' opens over the composer: the textarea keeps the focus and drives it (arrows, Enter, Escape) through
 * aria-activedescendant; a click chooses too.
 */
export function RapidasPicker({
  id,
  itens,
  ativo,
  carregando,
  onEscolher,
}: {
  id: string;
  itens: TMensagemRapida[];
  ativo: number;
  carregando: boolean;
  onEscolher: (m: TMensagemRapida) => void;
}) {
  useEffect(() => {
    document.getElementById(opcaoId(id, ativo))?.scrollIntoView?.({ block: 'nearest' });
  }, [id, ativo]);
  return (
    <div className="absolute inset-x-3 bottom-full z-20 mb-1 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md">
      <p className="border-b px-3 py-1.5 text-xs font-medium text-muted-foreground">{RAPIDAS_PICKER_TEXTS.rotulo}</p>
      {itens.length === 0 ? (
        <p className="px-3 py-2 text-sm text-muted-foreground">
          {carregando ? RAPIDAS_PICKER_TEXTS.carregando : RAPIDAS_PICKER_TEXTS.nenhuma}
        </p>
      ) : (
        <div id={id} role="listbox" aria-label={RAPIDAS_PICKER_TEXTS.rotulo} className="max-h-[300px] overflow-y-auto py-1">
          {itens.map((m, i) => (
            <div
              key={m.id}
              id={opcaoId(id, i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === ativo}
              // The textarea keeps the focus: a press chooses without blurring it.
              onMouseDown={(e) => {
                e.preventDefault();
                onEscolher(m);
              }}
              className={cn('cursor-pointer px-3 py-1.5 text-sm', i === ativo ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60')}
            >
              <span className="flex items-center gap-2">
                <span className="font-mono text-xs text-primary">/{m.atalho}</span>
                <span className="truncate font-medium">{m.titulo}</span>
                {m.publica && (
                  <span className="ml-auto flex items-center gap-1 text-xs text-muted-foreground">
                    <Globe2 className="size-3" aria-hidden />
                    {RAPIDAS_PICKER_TEXTS.publica}
                  </span>
                )}
              </span>
              <span className="block truncate text-xs text-muted-foreground">{m.conteudo}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
