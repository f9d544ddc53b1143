import { Download, ExternalLink, FileText, MapPin, Music } from 'lucide-react';
import type { TMensagem } from '@balcao/shared/atendimentos';
import { cn } from '@/lib/utils';
import { formatBytes } from '../format';
import { MENSAGENS_TEXTS } from '../texts';
import { linkDoMapa } from '../whatsapp';

/** Coordinates read well to about a metre. */
const COORDENADA = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 5, maximumFractionDigits: 5 });
const extensao = (nome: string | null) => nome?.split('.').pop()?.toUpperCase() ?? null;

/** Picture, video, audio, document or location of a message (DESIGN: media previews in chats). */
export function MessageMedia({ m, onLoad }: { m: TMensagem; onLoad?: () => void }) {
  const midia = m.midia;
  if (m.tipo === 'location' && m.localizacao) {
    const { latitude, longitude, nome } = m.localizacao;
    return (
      <a
        href={linkDoMapa(latitude, longitude)}
        target="_blank"
        rel="noopener noreferrer"
        className="flex items-center gap-3 rounded-md bg-background/60 p-2.5 outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring/60"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-rose-500/15 text-rose-600 dark:text-rose-400">
          <MapPin className="size-4" />
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-medium">{nome ?? MENSAGENS_TEXTS.localizacao}</span>
          <span className="text-xs tabular-nums text-muted-foreground">
            {COORDENADA.format(latitude)}, {COORDENADA.format(longitude)}
          </span>
          <span className="inline-flex items-center gap-1 text-xs font-medium text-primary">
            {MENSAGENS_TEXTS.abrirMapa} <ExternalLink className="size-3" aria-hidden />
          </span>
        </span>
      </a>
    );
  }
  if (!midia) return null;
  if (m.tipo === 'image') {
    return (
      <a
        href={midia.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={MENSAGENS_TEXTS.abrirImagem}
        className="block overflow-hidden rounded-md"
      >
        <img
          src={midia.url}
          alt={midia.filename ?? ''}
          loading="lazy"
          onLoad={onLoad}
          className="max-h-72 w-auto max-w-full bg-muted object-contain"
        />
      </a>
    );
  }
  if (m.tipo === 'video') {
    return (
      <video
        controls
        preload="metadata"
        src={midia.url}
        onLoadedMetadata={onLoad}
        className="max-h-72 w-full max-w-sm rounded-md bg-black"
      />
    );
  }
  if (m.tipo === 'audio') {
    return (
      <div className="flex flex-col gap-1">
        <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Music className="size-3.5" aria-hidden />
          {midia.filename ?? MENSAGENS_TEXTS.audio}
        </span>
        <audio controls preload="metadata" src={midia.url} className="h-10 w-64 max-w-full" />
      </div>
    );
  }
  return <DocumentCard url={midia.url} nome={midia.filename} size={midia.size} />;
}

function DocumentCard({ url, nome, size }: { url: string; nome: string | null; size: number | null }) {
  const ext = extensao(nome);
  return (
    <div className="flex w-64 max-w-full items-center gap-3 rounded-md border bg-background/70 p-2.5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
        <FileText className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium" title={nome ?? undefined}>
          {nome ?? MENSAGENS_TEXTS.documento}
        </span>
        <span className="text-xs text-muted-foreground">{[ext, formatBytes(size)].filter(Boolean).join(' · ')}</span>
      </span>
      <a
        href={url}
        download={nome ?? true}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${MENSAGENS_TEXTS.baixar} ${nome ?? ''}`.trim()}
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60',
        )}
      >
        <Download className="size-4" />
      </a>
    </div>
  );
}
