import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A form field's label, hint and error, wired for screen readers through `${id}-hint` / `${id}-erro`. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-erro`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria props for the control inside a Field. */
export const describedBy = (id: string, error?: string, hint = true) => ({
  'aria-invalid': !!error,
  'aria-describedby': error ? `${id}-erro` : hint ? `${id}-hint` : undefined,
});

/** A titled group of fields inside the channel dialog. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
