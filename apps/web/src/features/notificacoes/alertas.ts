/**
 * In the open tab: '(N) … · Balcão' in the title and a dot on the favicon for what arrived while the tab was
 * hidden (distinct conversations), cleared when the attendant looks again; and one short, soft chime.
 */
const pendentes = new Set<string>();
let tituloBase: string | null = null;
let faviconBase: string | null = null;

const PONTO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M8 11h16v8a3 3 0 0 1-3 3h-6l-5 4v-4a2 2 0 0 1-2-2z" fill="#fff"/><circle cx="25" cy="7" r="6" fill="#dc2626" stroke="#fff" stroke-width="2"/></svg>',
  );

function render() {
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (pendentes.size === 0) {
    if (tituloBase !== null) document.title = tituloBase;
    if (icon && faviconBase) icon.href = faviconBase;
    tituloBase = null;
    return;
  }
  tituloBase ??= document.title.replace(/^\(\d+\) /, '');
  document.title = `(${pendentes.size}) ${tituloBase}`;
  if (icon) {
    faviconBase ??= icon.href;
    icon.href = PONTO;
  }
}

/** Something for this user arrived (a conversation's or chat's tag): counted only while the tab is hidden. */
export function countAviso(tag: string) {
  if (!document.hidden) return;
  pendentes.add(tag);
  render();
}

export function clearAvisos() {
  pendentes.clear();
  render();
}

/** Two short sine notes, quiet: heard across a counter, not startling. */
export function playSom() {
  const Ctx = window.AudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  const agora = ctx.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    const t = agora + i * 0.12;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + 0.3);
  }
  setTimeout(() => void ctx.close(), 800);
}
