/**
 * Screen numbers of the internal chat that `@balcao/shared/chat-interno` does not carry (they only concern the
 * web app). Each names its spec source; numbers the spec leaves open say why they were chosen.
 */

/** Spec part 2 §2/§9: the panel is 950x700 px, list 30%, conversation 70% (the widths are Tailwind classes). */
export const PAINEL_LARGURA_PX = 950;
export const PAINEL_ALTURA_PX = 700;

/** Spec part 2 §2/§4/§9 video player: speeds 0.25 to 2 in steps of 0.25, 10 s skip, spinner gives up after 5 s. */
export const VIDEO_VELOCIDADE_MIN = 0.25;
export const VIDEO_VELOCIDADE_MAX = 2;
const VIDEO_VELOCIDADE_PASSO = 0.25;
export const VIDEO_VELOCIDADES: readonly number[] = Array.from(
  { length: Math.round((VIDEO_VELOCIDADE_MAX - VIDEO_VELOCIDADE_MIN) / VIDEO_VELOCIDADE_PASSO) + 1 },
  (_, i) => VIDEO_VELOCIDADE_MIN + i * VIDEO_VELOCIDADE_PASSO,
);
export const VIDEO_SALTO_S = 10;
export const VIDEO_SPINNER_LIMITE_MS = 5_000;
/** Arrow up/down change the volume by a tenth, as most players do (the spec names the keys, not the step). */
export const VIDEO_VOLUME_PASSO = 0.1;
/** Arrow left/right seek by 5 s, half the 10 s skip of j/l (common player convention; the spec names only the keys). */
export const VIDEO_SETA_S = 5;
/** The controls fade after this long without the pointer moving while playing. */
export const VIDEO_CONTROLES_OCULTAR_MS = 2_500;

/** How long a SendMessage waits for its ack before the same message (same id, so no duplicate) goes over HTTP. */
export const ENVIO_ACK_TIMEOUT_MS = 10_000;

/** Search lists in the modals (spec part 2 §9 "Search list max height 300 / 320 px"). */
export const LISTA_BUSCA_ALTURA_PX = 300;

/** Scroll distance from the bottom under which a new message keeps the view pinned to the end. */
export const FIM_DA_LISTA_PX = 120;

/** The composer grows with its text up to this many lines, then scrolls. */
export const COMPOSER_MAX_LINHAS = 6;
