import { useCallback, useEffect, useRef, useState } from 'react';
import { telaCheiaDoVideo } from './use-close-on-outside-click';
import { VIDEO_SPINNER_LIMITE_MS } from '../ui-constants';
import { clamp, clampVelocidade, type TAcaoVideo } from '../video-keys';

export type TVideoEstado = {
  carregando: boolean;
  /** The spinner gave up after 5 s (spec §4/§9): the video may still arrive, but the spinner stops. */
  spinnerDesistiu: boolean;
  tocando: boolean;
  erro: boolean;
  telaCheia: boolean;
  tempo: number;
  duracao: number;
  volume: number;
  mudo: boolean;
  velocidade: number;
};

const INICIAL: TVideoEstado = {
  carregando: true,
  spinnerDesistiu: false,
  tocando: false,
  erro: false,
  telaCheia: false,
  tempo: 0,
  duracao: 0,
  volume: 1,
  mudo: false,
  velocidade: 1,
};

/**
 * State and actions of the custom video player (spec part 2 §2/§4): loading (spinner, 5 s limit), playing, paused,
 * error, fullscreen on/off. The <video> element stays the source of truth; its events feed the state.
 */
export function useVideoPlayer() {
  const video = useRef<HTMLVideoElement>(null);
  const caixa = useRef<HTMLDivElement>(null);
  const [e, setE] = useState<TVideoEstado>(INICIAL);
  const set = useCallback((p: Partial<TVideoEstado>) => setE((s) => ({ ...s, ...p })), []);

  // The spinner's 5 s limit restarts whenever loading starts again (seeking, stalls).
  useEffect(() => {
    if (!e.carregando) return;
    const id = window.setTimeout(() => set({ spinnerDesistiu: true }), VIDEO_SPINNER_LIMITE_MS);
    return () => window.clearTimeout(id);
  }, [e.carregando, set]);

  useEffect(() => {
    const onFs = () => {
      const ativa = document.fullscreenElement !== null && document.fullscreenElement === caixa.current;
      telaCheiaDoVideo.ativa = ativa;
      set({ telaCheia: ativa });
    };
    document.addEventListener('fullscreenchange', onFs);
    return () => {
      document.removeEventListener('fullscreenchange', onFs);
      if (document.fullscreenElement === caixa.current) telaCheiaDoVideo.ativa = false;
    };
  }, [set]);

  const v = () => video.current;
  const alternar = useCallback(() => {
    const el = video.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  }, []);
  const saltar = (segundos: number) => {
    const el = v();
    if (el) el.currentTime = clamp(el.currentTime + segundos, 0, el.duration || 0);
  };
  const irPara = (t: number) => {
    const el = v();
    if (el) el.currentTime = t;
  };
  const mudarVolume = (volume: number) => {
    const el = v();
    if (!el) return;
    el.volume = clamp(volume, 0, 1);
    el.muted = el.volume === 0;
  };
  const alternarMudo = () => {
    const el = v();
    if (el) el.muted = !el.muted;
  };
  const mudarVelocidade = (vel: number) => {
    const el = v();
    if (el) el.playbackRate = clampVelocidade(vel);
  };
  const alternarTelaCheia = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void caixa.current?.requestFullscreen().catch(() => undefined);
  };

  const executar = (a: TAcaoVideo) => {
    if (a.tipo === 'alternar') alternar();
    else if (a.tipo === 'saltar') saltar(a.segundos);
    else if (a.tipo === 'volume') mudarVolume((v()?.volume ?? 1) + a.delta);
    else if (a.tipo === 'mudo') alternarMudo();
    else alternarTelaCheia();
  };

  /** Handlers for the <video> element. */
  const eventos = {
    onLoadStart: () => set({ carregando: true, spinnerDesistiu: false, erro: false }),
    onWaiting: () => set({ carregando: true, spinnerDesistiu: false }),
    onLoadedData: () => set({ carregando: false }),
    onCanPlay: () => set({ carregando: false }),
    onPlaying: () => set({ carregando: false, tocando: true }),
    onPlay: () => set({ tocando: true }),
    onPause: () => set({ tocando: false }),
    onEnded: () => set({ tocando: false }),
    onError: () => set({ erro: true, carregando: false, tocando: false }),
    onTimeUpdate: () => set({ tempo: v()?.currentTime ?? 0 }),
    onLoadedMetadata: () => set({ duracao: v()?.duration ?? 0, carregando: false }),
    onDurationChange: () => set({ duracao: v()?.duration ?? 0 }),
    onVolumeChange: () => set({ volume: v()?.volume ?? 1, mudo: v()?.muted ?? false }),
    onRateChange: () => set({ velocidade: v()?.playbackRate ?? 1 }),
  };

  return {
    video,
    caixa,
    estado: e,
    eventos,
    acoes: { alternar, saltar, irPara, mudarVolume, alternarMudo, mudarVelocidade, alternarTelaCheia, executar },
  };
}
