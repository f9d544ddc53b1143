import { lazy, Suspense } from 'react';
import { cn } from '@/lib/utils';

// The documentation's renderer, not a second one: its chunk (markdown-it) loads when a task is opened.
const Preview = lazy(() => import('@/features/documentacao/preview'));

/** A task's Markdown (description, comment) rendered and sanitised; the plain text shows while the renderer loads. */
export function Markdown({ texto, vazio = '', className }: { texto: string; vazio?: string; className?: string }) {
  const classes = cn('text-sm break-words [&>:first-child]:mt-0 [&>:last-child]:mb-0', className);
  return (
    <Suspense fallback={<p className={cn(classes, 'whitespace-pre-wrap')}>{texto}</p>}>
      <Preview conteudo={texto} vazio={vazio} className={classes} />
    </Suspense>
  );
}
