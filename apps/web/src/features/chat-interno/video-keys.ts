import { VIDEO_SALTO_S, VIDEO_SETA_S, VIDEO_VELOCIDADE_MAX, VIDEO_VELOCIDADE_MIN, VIDEO_VOLUME_PASSO } from './ui-constants';

export type TAcaoVideo =
  | { tipo: 'alternar' }
  | { tipo: 'saltar'; segundos: number }
  | { tipo: 'volume'; delta: number }
  | { tipo: 'mudo' }
  | { tipo: 'telaCheia' }
  | { tipo: 'sairTelaCheia' };

/**
 * Spec part 2 §2 video shortcuts: Esc (leaves fullscreen), k and space (play/pause), j and l (10 s back/forward),
 * arrows (left/right seek, up/down volume), m (mute), f (fullscreen). Null: the key is not the player's.
 */
export function acaoDaTecla(key: string, telaCheia: boolean): TAcaoVideo | null {
  switch (key) {
    case 'Escape':
      return telaCheia ? { tipo: 'sairTelaCheia' } : null;
    case 'k':
    case 'K':
    case ' ':
      return { tipo: 'alternar' };
    case 'j':
    case 'J':
      return { tipo: 'saltar', segundos: -VIDEO_SALTO_S };
    case 'l':
    case 'L':
      return { tipo: 'saltar', segundos: VIDEO_SALTO_S };
    case 'ArrowLeft':
      return { tipo: 'saltar', segundos: -VIDEO_SETA_S };
    case 'ArrowRight':
      return { tipo: 'saltar', segundos: VIDEO_SETA_S };
    case 'ArrowUp':
      return { tipo: 'volume', delta: VIDEO_VOLUME_PASSO };
    case 'ArrowDown':
      return { tipo: 'volume', delta: -VIDEO_VOLUME_PASSO };
    case 'm':
    case 'M':
      return { tipo: 'mudo' };
    case 'f':
    case 'F':
      return { tipo: 'telaCheia' };
    default:
      return null;
  }
}

export const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
export const clampVelocidade = (v: number) => clamp(v, VIDEO_VELOCIDADE_MIN, VIDEO_VELOCIDADE_MAX);

/** m:ss, or h:mm:ss past an hour; nothing known reads 0:00. */
export function tempoVideo(segundos: number): string {
  const s = Number.isFinite(segundos) && segundos > 0 ? Math.floor(segundos) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${r}` : `${m}:${r}`;
}

const VELOCIDADE_PT_BR = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
/** Speeds read as people say them: 0,25x ... 1x ... 2x. */
export const rotuloVelocidade = (v: number) => `${VELOCIDADE_PT_BR.format(v)}x`;
