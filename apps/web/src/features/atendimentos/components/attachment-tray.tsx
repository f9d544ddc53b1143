import { CircleAlert, FileText, Film, Music, X, type LucideIcon } from 'lucide-react';
import { tipoFromMime, type TTipoMensagem } from '@balcao/shared/atendimentos';
import { cn } from '@/lib/utils';
import { formatBytes } from '../format';
import { COMPOSER_TEXTS } from '../texts';
import type { TAnexo } from '../use-anexos';

const ICONE: Partial<Record<TTipoMensagem, LucideIcon>> = { video: Film, audio: Music };
const PERCENT = 100;

/** 'Arquivos selecionados (N)': preview or icon, name, size, an upload bar, removal per file. */
export function AttachmentTray({ anexos, onRemover }: { anexos: TAnexo[]; onRemover: (key: string) => void }) {
  if (anexos.length === 0) return null;
  const enviando = anexos.some((a) => a.estado === 'enviando');
  return (
    <div className="flex flex-col gap-1.5 px-3 pt-2">
      <span className="text-xs text-muted-foreground">
        {enviando ? COMPOSER_TEXTS.enviandoArquivos : COMPOSER_TEXTS.arquivosSelecionados(anexos.length)}
      </span>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {anexos.map((a) => {
          const Icon = ICONE[tipoFromMime(a.file.type)] ?? FileText;
          return (
            <li
              key={a.key}
              className={cn(
                'relative flex w-52 shrink-0 items-center gap-2 overflow-hidden rounded-md border bg-background p-1.5',
                a.estado === 'erro' && 'border-destructive/60',
              )}
            >
              {a.preview ? (
                <img src={a.preview} alt="" className="size-9 shrink-0 rounded object-cover" />
              ) : (
                <span className="flex size-9 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground">
                  <Icon className="size-4" />
                </span>
              )}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-xs font-medium" title={a.file.name}>
                  {a.file.name}
                </span>
                <span
                  className={cn(
                    'flex items-center gap-1 truncate text-[11px]',
                    a.estado === 'erro' ? 'text-destructive' : 'text-muted-foreground',
                  )}
                  title={a.erro}
                >
                  {a.estado === 'erro' && <CircleAlert className="size-3 shrink-0" />}
                  {a.estado === 'erro'
                    ? a.erro
                    : a.estado === 'enviando'
                      ? `${Math.round(a.progresso * PERCENT)}%`
                      : formatBytes(a.file.size)}
                </span>
              </span>
              {a.estado !== 'enviando' && (
                <button
                  type="button"
                  onClick={() => onRemover(a.key)}
                  aria-label={`${COMPOSER_TEXTS.remover} ${a.file.name}`}
                  className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
                >
                  <X className="size-3.5" />
                </button>
              )}
              {a.estado === 'enviando' && (
                <span
                  className="absolute inset-x-0 bottom-0 h-0.5 bg-muted"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={PERCENT}
                  aria-valuenow={Math.round(a.progresso * PERCENT)}
                  aria-label={a.file.name}
                >
                  <span className="block h-full bg-primary transition-[width]" style={{ width: `${a.progresso * PERCENT}%` }} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
