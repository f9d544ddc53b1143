import { Download, FileText, Music } from 'lucide-react';
import type { TMensagem } from '@balcao/shared/chat-interno';
import { cn } from '@/lib/utils';
import { MENSAGEM_TEXTS as T } from '../texts';
import { VideoPlayer } from './video-player';

/** Spec part 2 §2 "Message presentation": image opens in a new tab, video in the custom player, audio/document as a download card. */
export function MessageMedia({ m, onLoad }: { m: TMensagem; onLoad?: () => void }) {
  if (!m.midiaUrl) return null;
  if (m.tipo === 'image') {
    return (
      <a
        href={m.midiaUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={T.abrirImagem}
        className="block overflow-hidden rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
      >
        <img
          src={m.midiaUrl}
          alt={m.nomeArquivo ?? ''}
          loading="lazy"
          onLoad={onLoad}
          className="max-h-64 w-auto max-w-full bg-muted object-contain"
        />
      </a>
    );
  }
  if (m.tipo === 'video') return <VideoPlayer src={m.midiaUrl} nome={m.nomeArquivo} />;
  return (
    <DownloadCard url={m.midiaUrl} rotulo={m.tipo === 'audio' ? T.audio : T.documento} nome={m.nomeArquivo} audio={m.tipo === 'audio'} />
  );
}

function DownloadCard({ url, rotulo, nome, audio }: { url: string; rotulo: string; nome: string | null; audio: boolean }) {
  const Icone = audio ? Music : FileText;
  return (
    <div className="flex w-60 max-w-full items-center gap-3 rounded-lg border bg-background p-2 text-foreground">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
        <Icone className="size-4" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium" title={nome ?? undefined}>
          {nome ?? rotulo}
        </span>
        <span className="text-xs text-muted-foreground">{rotulo}</span>
      </span>
      <a
        href={url}
        download={nome ?? true}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${T.baixar} ${nome ?? rotulo}`}
        title={T.baixar}
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60',
        )}
      >
        <Download className="size-4" aria-hidden />
      </a>
    </div>
  );
}
