import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCopy } from '../hooks/use-copy';

/** 'Copiar' that reads 'Copiado!' for 3 s after a copy. */
export function CopyButton({ text, label = 'Copiar', className }: { text: string; label?: string; className?: string }) {
  const { copied, copy } = useCopy();
  return (
    <Button type="button" variant="outline" size="sm" className={className} onClick={() => void copy(text)}>
      {copied ? <Check className="text-emerald-600 dark:text-emerald-400" aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? 'Copiado!' : label}</span>
    </Button>
  );
}

/** A block of code people paste elsewhere, with its copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="relative rounded-lg border bg-muted/60">
      <pre className="overflow-x-auto p-3 pr-28 font-mono text-xs leading-relaxed" aria-label={label}>
        <code>{code}</code>
      </pre>
      <CopyButton text={code} className="absolute right-2 top-2 bg-background" />
    </div>
  );
}
