import { ArrowDownToLine, Copy, ExternalLink, FileLock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type TAiMensagem, useChatContext } from '@/features/atendimentos/context/chat-context';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { IA_PAINEL_TEXTS as T } from '../texts';

/** One message of the panel: the attendant's request, or the assistant's answer with its sources and actions. */
export function AiMessage({ m }: { m: TAiMensagem }) {
  const { inserirTexto } = useChatContext();
  if (m.papel === 'usuario')
    return (
      <li className="ml-6 self-end whitespace-pre-wrap rounded-lg bg-primary px-3 py-2 text-sm text-primary-foreground">{m.content}</li>
    );
  const pronta = !m.escrevendo && !m.erro && m.content.length > 0;
  return (
    <li
      className={cn(
        'mr-2 flex flex-col gap-2 rounded-lg border bg-card px-3 py-2 text-sm',
        m.erro && 'border-destructive/50 text-destructive',
      )}
    >
      <p className="whitespace-pre-wrap">{m.content || <span className="text-muted-foreground">{T.escrevendo}</span>}</p>
      {m.fontes && m.fontes.length > 0 && (
        <div className="flex flex-col gap-1 border-t pt-2">
          <p className="text-xs font-medium text-muted-foreground">{T.fontes}</p>
          <ul className="flex flex-col gap-0.5 text-xs">
            {m.fontes.map((f) => (
              <li key={`${f.titulo}-${f.url}`}>
                {f.url ? (
                  <a
                    href={f.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline"
                  >
                    <ExternalLink className="size-3" aria-hidden /> {f.titulo}
                  </a>
                ) : (
                  <span className="inline-flex items-center gap-1 text-muted-foreground">
                    <FileLock className="size-3" aria-hidden /> {f.titulo} ({T.fonteInterna})
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {pronta && (
        <div className="flex flex-wrap gap-1.5">
          <Button size="sm" className="h-7 px-2 text-xs" onClick={() => inserirTexto(m.content)}>
            <ArrowDownToLine /> {T.inserir}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2 text-xs"
            onClick={() => void navigator.clipboard?.writeText(m.content).then(() => toast.success(T.copiado))}
          >
            <Copy /> {T.copiar}
          </Button>
        </div>
      )}
    </li>
  );
}
