import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { addOrigem, ORIGENS_MAX } from '../canal-form';
import { describedBy, Field } from './field';

type Props = {
  value: string[];
  onChange: (list: string[]) => void;
  /** The form's error for the whole list (e.g. 'Informe pelo menos um site permitido.'). */
  error?: string;
  /** Text typed but not yet added; the dialog adds it on save so it is not lost. */
  draft: string;
  onDraftChange: (text: string) => void;
};

/** Allowed sites as removable tags: Enter or 'Adicionar' checks one against the shared schema and adds it. */
export function OrigensField({ value, onChange, error, draft, onDraftChange }: Props) {
  const [draftError, setDraftError] = useState<string | null>(null);
  const shown = draftError ?? error;

  const add = () => {
    if (!draft.trim()) return;
    const result = addOrigem(value, draft);
    if (result.error !== null) return setDraftError(result.error);
    onChange(result.list);
    onDraftChange('');
    setDraftError(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    }
  };

  return (
    <Field
      id="canal-origem"
      label="Sites permitidos"
      hint={`O chat só abre nestes endereços (até ${ORIGENS_MAX}). Ex.: https://www.sualoja.com.br`}
      error={shown}
    >
      <div className="flex gap-2">
        <Input
          id="canal-origem"
          value={draft}
          inputMode="url"
          spellCheck={false}
          placeholder="https://www.sualoja.com.br"
          onChange={(e) => {
            onDraftChange(e.target.value);
            setDraftError(null);
          }}
          onKeyDown={onKeyDown}
          {...describedBy('canal-origem', shown)}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!draft.trim() || value.length >= ORIGENS_MAX}>
          <Plus aria-hidden /> Adicionar
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Sites adicionados">
          {value.map((o) => (
            <li
              key={o}
              className="inline-flex max-w-full items-center gap-1 rounded-md border bg-muted/60 py-0.5 pl-2 pr-0.5 font-mono text-xs"
            >
              <span className="truncate">{o}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((x) => x !== o))}
                aria-label={`Remover ${o}`}
                className="rounded p-0.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}
