import { Star } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { NOTAS } from '../api';

const estrelasLabel = (n: number) => `${n} ${n === 1 ? 'estrela' : 'estrelas'}`;
/** A word under the stars, so the choice reads as well as it looks. */
const NOTA_PALAVRA: Record<number, string> = { 1: 'Péssimo', 2: 'Ruim', 3: 'Regular', 4: 'Bom', 5: 'Excelente' };

const starClass = (on: boolean) =>
  cn('transition-colors', on ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-muted-foreground/40');

/**
 * Five native radios drawn as stars: the browser gives the radio-group keyboard (Tab in, arrows move)
 * and screen readers hear '3 estrelas, 3 de 5'.
 */
export function StarInput({ value, onChange, disabled }: { value: number | null; onChange: (n: number) => void; disabled?: boolean }) {
  const [hover, setHover] = useState(0);
  const shown = hover || value || 0;
  return (
    <div className="flex flex-col items-center gap-2">
      <div role="radiogroup" aria-label="Sua nota" aria-required="true" className="flex gap-1 sm:gap-2" onMouseLeave={() => setHover(0)}>
        {NOTAS.map((n) => (
          <label
            key={n}
            onMouseEnter={() => !disabled && setHover(n)}
            className="cursor-pointer rounded-lg p-1 outline-none has-[:disabled]:cursor-default has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
          >
            <input
              type="radio"
              name="nota"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              disabled={disabled}
              aria-label={estrelasLabel(n)}
              className="sr-only"
            />
            <Star className={cn('size-10 sm:size-11', starClass(n <= shown))} strokeWidth={1.5} aria-hidden />
          </label>
        ))}
      </div>
      <p className="h-5 text-sm font-medium text-muted-foreground" aria-live="polite">
        {shown ? NOTA_PALAVRA[shown] : 'Escolha de 1 a 5 estrelas'}
      </p>
    </div>
  );
}

/** The given rating, read-only. */
export function StarDisplay({ nota, className }: { nota: number; className?: string }) {
  return (
    <span role="img" aria-label={`${estrelasLabel(nota)} de 5`} className={cn('inline-flex gap-1', className)}>
      {NOTAS.map((n) => (
        <Star key={n} className={cn('size-7', starClass(n <= nota))} strokeWidth={1.5} aria-hidden />
      ))}
    </span>
  );
}
