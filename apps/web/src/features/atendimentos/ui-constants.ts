/** Screen tuning of the inbox (not spec values): how it feels, named so components carry no bare numbers. */
export const BUSCA_DEBOUNCE_MS = 300;
/** Under this width the customer panel leaves the row and opens as a sheet. */
export const PAINEL_CLIENTE_MIN_PX = 1200;
/** Within this distance of the bottom the message list follows new messages. */
export const PERTO_DO_FIM_PX = 120;
/** The composer grows up to this many lines, then scrolls. */
export const COMPOSER_MAX_LINHAS = 6;
/** After this long without a keystroke the customer stops seeing 'digitando'. */
export const DIGITANDO_OCIOSO_MS = 4000;
