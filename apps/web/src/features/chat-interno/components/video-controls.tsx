import { Download, Maximize, Minimize, Pause, Play, RotateCcw, RotateCw, Volume2, VolumeX } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { TVideoEstado, useVideoPlayer } from '../hooks/use-video-player';
import { VIDEO_TEXTS as T } from '../texts';
import { VIDEO_SALTO_S, VIDEO_VELOCIDADES, VIDEO_VOLUME_PASSO } from '../ui-constants';
import { rotuloVelocidade, tempoVideo } from '../video-keys';

type Props = {
  estado: TVideoEstado;
  acoes: ReturnType<typeof useVideoPlayer>['acoes'];
  src: string;
  nome: string | null;
  visiveis: boolean;
};

const SLIDER =
  'h-1 cursor-pointer appearance-none rounded-full bg-white/30 accent-white outline-none focus-visible:ring-2 focus-visible:ring-white [&::-webkit-slider-thumb]:size-3 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-white';

function Botao({ rotulo, onClick, children }: { rotulo: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={rotulo}
      title={rotulo}
      className="flex size-7 shrink-0 items-center justify-center rounded text-white outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

/**
 * Spec part 2 §2: play/pause, 10 s skip, speeds 0.25 to 2, volume/mute, fullscreen, download. The speed is a native
 * select: a portal menu would open outside the fullscreen element and not be seen.
 */
export function VideoControls({ estado, acoes, src, nome, visiveis }: Props) {
  const volume = estado.mudo ? 0 : estado.volume;
  return (
    <div
      className={cn(
        'absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-black/80 to-transparent px-2 pb-1.5 pt-6 transition-opacity',
        visiveis ? 'opacity-100' : 'opacity-0 focus-within:opacity-100',
      )}
    >
      {/* The time sits beside the progress bar, so the buttons' row fits a 320 px player (fullscreen included). */}
      <div className="flex items-center gap-2">
        <input
          type="range"
          min={0}
          max={estado.duracao || 0}
          step="any"
          value={Math.min(estado.tempo, estado.duracao || 0)}
          onChange={(e) => acoes.irPara(Number(e.target.value))}
          aria-label={T.progresso}
          aria-valuetext={`${tempoVideo(estado.tempo)} / ${tempoVideo(estado.duracao)}`}
          className={cn(SLIDER, 'min-w-0 flex-1')}
        />
        <span className="shrink-0 whitespace-nowrap text-[11px] tabular-nums text-white/90">
          {tempoVideo(estado.tempo)} / {tempoVideo(estado.duracao)}
        </span>
      </div>
      <div className="flex min-w-0 items-center gap-0.5">
        <Botao rotulo={estado.tocando ? T.pausar : T.reproduzir} onClick={acoes.alternar}>
          {estado.tocando ? <Pause /> : <Play />}
        </Botao>
        <Botao rotulo={T.voltar} onClick={() => acoes.saltar(-VIDEO_SALTO_S)}>
          <RotateCcw />
        </Botao>
        <Botao rotulo={T.avancar} onClick={() => acoes.saltar(VIDEO_SALTO_S)}>
          <RotateCw />
        </Botao>
        <span className="flex-1" />
        <select
          value={estado.velocidade}
          onChange={(e) => acoes.mudarVelocidade(Number(e.target.value))}
          aria-label={T.velocidade}
          title={T.velocidade}
          className="h-6 w-11 cursor-pointer appearance-none rounded bg-transparent text-center text-[11px] font-medium text-white outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white [&>option]:text-black"
        >
          {VIDEO_VELOCIDADES.map((v) => (
            <option key={v} value={v}>
              {rotuloVelocidade(v)}
            </option>
          ))}
        </select>
        <Botao rotulo={estado.mudo ? T.ativarSom : T.silenciar} onClick={acoes.alternarMudo}>
          {estado.mudo || estado.volume === 0 ? <VolumeX /> : <Volume2 />}
        </Botao>
        <input
          type="range"
          min={0}
          max={1}
          step={VIDEO_VOLUME_PASSO}
          value={volume}
          onChange={(e) => acoes.mudarVolume(Number(e.target.value))}
          aria-label={T.volume}
          className={cn(SLIDER, 'min-w-0 shrink', estado.telaCheia ? 'w-24' : 'w-12')}
        />
        <a
          href={src}
          download={nome ?? true}
          aria-label={T.baixar}
          title={T.baixar}
          className="flex size-7 shrink-0 items-center justify-center rounded text-white outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
        >
          <Download className="size-4" aria-hidden />
        </a>
        <Botao rotulo={estado.telaCheia ? T.sairTelaCheia : T.telaCheia} onClick={acoes.alternarTelaCheia}>
          {estado.telaCheia ? <Minimize /> : <Maximize />}
        </Botao>
      </div>
    </div>
  );
}
