import { CircleAlert, FileText, Film, Loader2, Music, X } from 'lucide-react';
import { formatarTamanho, type TMidiaTipo } from '@balcao/shared/chat-interno';
import { cn } from '@/lib/utils';
import type { TArquivo } from '../hooks/use-arquivos';
import { COMPOSER_TEXTS as T } from '../texts';

const ICONE: Record<TMidiaTipo, typeof FileText> = { image: FileText, video: Film, audio: Music, document: FileText };
const PORCENTO = 100;

/** Spec part 2 §2: 'Arquivos selecionados (N)' with preview, name, size and removal; 'Enviando arquivos...' while sending. */
export function FilesGrid({ arquivos, onRemover }: { arquivos: readonly TArquivo[]; onRemover: (key: string) => void }) {
  if (arquivos.length === 0) return null;
  const enviando = arquivos.some((a) => a.estado === 'enviando');
  return (
    <div className="flex flex-col gap-1.5 border-b px-3 py-2">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground" aria-live="polite">
        {enviando && <Loader2 className="size-3 animate-spin" aria-hidden />}
        {enviando ? T.enviandoArquivos : T.selecionados(arquivos.length)}
      </p>
      <ul className="grid max-h-40 grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-2 overflow-y-auto">
        {arquivos.map((a) => (
          <FileTile key={a.key} a={a} onRemover={onRemover} />
        ))}
      </ul>
    </div>
  );
}

function FileTile({ a, onRemover }: { a: TArquivo; onRemover: (key: string) => void }) {
  const Icone = ICONE[a.tipo];
  return (
    <li
      className={cn(
        'relative flex flex-col overflow-hidden rounded-md border bg-background',
        a.estado === 'erro' && 'border-destructive/60',
      )}
    >
      <div className="flex h-16 items-center justify-center bg-muted">
        {a.preview && a.tipo === 'image' ? (
          <img src={a.preview} alt="" className="size-full object-cover" />
        ) : a.preview && a.tipo === 'video' ? (
          <video src={a.preview} muted preload="metadata" className="size-full object-cover" />
        ) : (
          <Icone className="size-6 text-muted-foreground" aria-hidden />
        )}
      </div>
      <div className="flex min-w-0 flex-col px-1.5 py-1">
        <span className="truncate text-[11px] font-medium" title={a.file.name}>
          {a.file.name}
        </span>
        <span
          className={cn('flex items-center gap-1 truncate text-[10px]', a.estado === 'erro' ? 'text-destructive' : 'text-muted-foreground')}
          title={a.erro}
        >
          {a.estado === 'erro' && <CircleAlert className="size-3 shrink-0" aria-hidden />}
          {a.estado === 'erro' ? a.erro : a.estado === 'enviando' ? `${Math.round(a.progresso * PORCENTO)}%` : formatarTamanho(a.file.size)}
        </span>
      </div>
      {a.estado !== 'enviando' && (
        <button
          type="button"
          onClick={() => onRemover(a.key)}
          aria-label={T.remover(a.file.name)}
          title={T.remover(a.file.name)}
          className="absolute right-1 top-1 flex size-5 items-center justify-center rounded-full bg-black/60 text-white outline-none hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-3" />
        </button>
      )}
      {a.estado === 'enviando' && (
        <span
          className="absolute inset-x-0 bottom-0 h-0.5 bg-muted"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={PORCENTO}
          aria-valuenow={Math.round(a.progresso * PORCENTO)}
          aria-label={a.file.name}
        >
          <span className="block h-full bg-primary transition-[width]" style={{ width: `${a.progresso * PORCENTO}%` }} />
        </span>
      )}
    </li>
  );
}
