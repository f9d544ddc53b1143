/** The account's zone until the current user has loaded (ARCHITECTURE "Time": default America/Sao_Paulo). */
const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The zone every date on screen is shown in. An ES module live binding: formatters that read it (as a
 * default parameter) see the account's zone as soon as `setAccountTimeZone` runs.
 */
export let ACCOUNT_TIME_ZONE = DEFAULT_TIME_ZONE;

export function setAccountTimeZone(tz: string | null | undefined) {
  ACCOUNT_TIME_ZONE = tz || DEFAULT_TIME_ZONE;
}
