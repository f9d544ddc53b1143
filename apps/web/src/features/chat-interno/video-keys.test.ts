import { describe, expect, it } from 'vitest';
import { acaoDaTecla, clampVelocidade, rotuloVelocidade, tempoVideo } from './video-keys';
import { VIDEO_VELOCIDADES } from './ui-constants';

describe('video player (spec part 2 §2/§9)', () => {
  it('maps every shortcut of the spec', () => {
    expect(acaoDaTecla('k', false)).toEqual({ tipo: 'alternar' });
    expect(acaoDaTecla(' ', false)).toEqual({ tipo: 'alternar' });
    expect(acaoDaTecla('j', false)).toEqual({ tipo: 'saltar', segundos: -10 });
    expect(acaoDaTecla('l', false)).toEqual({ tipo: 'saltar', segundos: 10 });
    expect(acaoDaTecla('ArrowLeft', false)).toMatchObject({ tipo: 'saltar' });
    expect(acaoDaTecla('ArrowRight', false)).toMatchObject({ tipo: 'saltar' });
    expect(acaoDaTecla('ArrowUp', false)).toMatchObject({ tipo: 'volume' });
    expect(acaoDaTecla('ArrowDown', false)).toMatchObject({ tipo: 'volume' });
    expect(acaoDaTecla('m', false)).toEqual({ tipo: 'mudo' });
    expect(acaoDaTecla('f', false)).toEqual({ tipo: 'telaCheia' });
    expect(acaoDaTecla('x', false)).toBeNull();
  });
  it("Esc is the player's only in fullscreen (otherwise it closes the panel)", () => {
    expect(acaoDaTecla('Escape', true)).toEqual({ tipo: 'sairTelaCheia' });
    expect(acaoDaTecla('Escape', false)).toBeNull();
  });
  it('offers 0.25 to 2 in steps of 0.25 and keeps speeds in that range', () => {
    expect(VIDEO_VELOCIDADES).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
    expect(clampVelocidade(3)).toBe(2);
    expect(clampVelocidade(0.1)).toBe(0.25);
    expect(rotuloVelocidade(0.25)).toBe('0,25x');
  });
  it('reads times as m:ss or h:mm:ss', () => {
    expect(tempoVideo(0)).toBe('0:00');
    expect(tempoVideo(Number.NaN)).toBe('0:00');
    expect(tempoVideo(75.9)).toBe('1:15');
    expect(tempoVideo(3725)).toBe('1:02:05');
  });
});
