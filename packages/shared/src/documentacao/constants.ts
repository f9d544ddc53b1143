// The custom-domain restriction, apart from the schemas: the web client's HTTP layer reads it on every page.
/** Spec part 1 §6: a disallowed call on a custom domain answers this code. */
export const CUSTOM_DOMAIN_BLOCK = 'CustomDomainBlock';

/**
 * Spec part 1 §6 and part 2 §6: on a custom domain only these call prefixes (after /backend/) answer: the
 * public API, auth, licence, the ERP self-service path, the messaging-app integration path and the user path.
 */
export const CUSTOM_DOMAIN_ALLOWED_PREFIXES = [
  'api/public',
  'api/auth',
  'auth',
  'licenca',
  'autoatendimentoerp',
  'wapi',
  'usuario',
] as const;

/** Whether a /backend call is allowed on a custom domain (case-insensitive, whole path segments). */
export function permitidoEmDominioPersonalizado(url: string): boolean {
  const p = url
    .split('?')[0]!
    .toLowerCase()
    .replace(/^\/backend\/?/, '');
  return CUSTOM_DOMAIN_ALLOWED_PREFIXES.some((prefixo) => p === prefixo || p.startsWith(`${prefixo}/`));
}
