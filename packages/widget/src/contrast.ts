export const DEFAULT_COLOR = '#4f46e5';

/** The channel colour if it is a hex colour, else the default: it goes into CSS, so nothing else passes. */
export function brandColor(cor: string | null | undefined): string {
  if (!cor) return DEFAULT_COLOR;
  const c = cor.trim();
  if (/^#[0-9a-f]{6}$/i.test(c)) return c.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(c)) return `#${[...c.slice(1)].map((x) => x + x).join('')}`.toLowerCase();
  return DEFAULT_COLOR;
}

function luminance(hex: string): number {
  const ch = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = ch.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

/** Black or white text on a colour, whichever contrasts more (WCAG ratio); white when they tie or the colour is invalid. */
export function textOn(cor: string): '#000000' | '#ffffff' {
  const l = luminance(brandColor(cor));
  const vsWhite = 1.05 / (l + 0.05);
  const vsBlack = (l + 0.05) / 0.05;
  return vsBlack > vsWhite ? '#000000' : '#ffffff';
}
