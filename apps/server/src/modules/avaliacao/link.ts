import type { TokenService } from '../../lib/tokens';

/**
 * The customer's rating link: the account, the atendimento and, after `#`, the token only the server can make
 * (TokenService.ratingToken). The fragment never reaches a server log or a Referer; the page sends it along.
 * Built only for the customer (the widget's status and session); staff never see it.
 */
export const ratingLink = (origin: string, tokens: TokenService, databaseName: string, atendimentoId: string) =>
  `${origin}/avaliar/${databaseName}/${atendimentoId}#token=${tokens.ratingToken(atendimentoId)}`;
