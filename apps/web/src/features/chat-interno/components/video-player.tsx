import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ExternalLink, Loader2, Play, TriangleAlert } from 'lucide-react';
import { CHAT_INTERNO_INLINE } from '@balcao/shared/chat-interno';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useVideoPlayer } from '../hooks/use-video-player';
import { VIDEO_TEXTS as T } from '../texts';
import { VIDEO_CONTROLES_OCULTAR_MS } from '../ui-constants';
import { acaoDaTecla } from '../video-keys';
import { VideoControls } from './video-controls';

/** Controls and sliders keep their own keys (a focused button's space, a slider's arrows). */
const TECLAS_PROPRIAS = 'input, select, button, a';

/** Spec part 2 §2 video messages: the custom player with every control and shortcut, spinner limit and error state. */
export function VideoPlayer({ src, nome }: { src: string; nome: string | null }) {
  const { video, caixa, estado, eventos, acoes } = useVideoPlayer();
  const [mostrarControles, setMostrarControles] = useState(true);
  const ocultar = useRef<number | undefined>(undefined);

  // While playing, the controls fade after a moment without the pointer; paused, they stay.
  const mexeu = () => {
    setMostrarControles(true);
    window.clearTimeout(ocultar.current);
    ocultar.current = window.setTimeout(() => setMostrarControles(false), VIDEO_CONTROLES_OCULTAR_MS);
  };
  useEffect(() => () => window.clearTimeout(ocultar.current), []);
  const controlesVisiveis = mostrarControles || !estado.tocando;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const alvo = e.target as Element;
    if (e.key !== 'Escape' && alvo !== e.currentTarget && alvo.closest(TECLAS_PROPRIAS)) return;
    const acao = acaoDaTecla(e.key, estado.telaCheia);
    if (!acao) return;
    e.preventDefault();
    e.stopPropagation();
    acoes.executar(acao);
    mexeu();
  };

  if (estado.erro) {
    return (
      <div
        className="flex w-72 max-w-full flex-col items-center gap-2 rounded-lg bg-muted px-4 py-6 text-center text-foreground"
        role="alert"
      >
        <TriangleAlert className="size-5 text-destructive" aria-hidden />
        <p className="text-sm">{CHAT_INTERNO_INLINE.erroVideo}</p>
        <Button asChild size="sm" variant="outline">
          <a href={src} target="_blank" rel="noopener noreferrer">
            <ExternalLink />
            {T.abrirNovaAba}
          </a>
        </Button>
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of media controls, not a form's fieldset
    <div
      ref={caixa}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the player's box takes its keyboard shortcuts (spec part 2 §2), so it takes focus
      tabIndex={0}
      role="group"
      aria-label={nome ? `${T.player}: ${nome}` : T.player}
      onKeyDown={onKeyDown}
      onPointerMove={mexeu}
      className={cn(
        'group/video relative overflow-hidden bg-black outline-none focus-visible:ring-2 focus-visible:ring-ring',
        estado.telaCheia ? 'flex size-full items-center justify-center' : 'aspect-video w-80 max-w-full rounded-lg',
      )}
    >
      <video
        ref={video}
        src={src}
        preload="metadata"
        playsInline
        onClick={acoes.alternar}
        className="size-full object-contain"
        {...eventos}
      />
      {estado.carregando && !estado.spinnerDesistiu && (
        <span className="pointer-events-none absolute inset-0 flex items-center justify-center" role="status" aria-label={T.carregando}>
          <Loader2 className="size-8 animate-spin text-white/90" aria-hidden />
        </span>
      )}
      {!estado.tocando && (!estado.carregando || estado.spinnerDesistiu) && (
        <button
          type="button"
          onClick={acoes.alternar}
          aria-label={T.reproduzir}
          className="absolute left-1/2 top-1/2 flex size-12 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white outline-none transition hover:bg-black/75 focus-visible:ring-2 focus-visible:ring-white"
        >
          <Play className="ml-0.5 size-6 fill-current" aria-hidden />
        </button>
      )}
      <VideoControls estado={estado} acoes={acoes} src={src} nome={nome} visiveis={controlesVisiveis} />
    </div>
  );
}
