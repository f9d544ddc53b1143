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

/** A block of code people paste elsewhere: wrapped rather than scrolled, so a phone shows all of it. */
export function CodeBlock({ code, label, lang }: { code: string; label: string; lang: string }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-lg border bg-muted/60" aria-label={label}>
      <div className="flex items-center justify-between gap-2 border-b py-1 pl-3 pr-1">
        <span className="text-xs font-medium text-muted-foreground">{lang}</span>
        <CopyButton text={code} className="h-7 border-0 bg-transparent shadow-none dark:bg-transparent" />
      </div>
      <pre className="whitespace-pre-wrap p-3 font-mono text-xs leading-relaxed [overflow-wrap:anywhere]">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
