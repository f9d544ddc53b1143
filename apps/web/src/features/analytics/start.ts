import type { TTelemetriaConfig } from '@balcao/shared/telemetria';
import { forgetConfigPublica, getConfigPublica } from '@/lib/config-publica';
import { attachClient, detachClient, flushCounters, trackMarkedClick } from './analytics';

type PostHog = typeof import('posthog-js')['default'];
let posthog: PostHog | null = null;
let listening = false;
/** Who is identified now: another user signing in on this tab starts as a new person. */
let identified: string | null = null;
/** The e-mail analytics last started with (the signed-in user): a change of the account's switch starts again. */
let started: string | null = null;

/** SHA-256 of the lower-cased e-mail, hex (identify never carries the e-mail); null where the browser has no Web Crypto (http off localhost). */
export async function hashedEmail(email: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An address of ours without its query and fragment (a search or a token never leaves in a URL). */
const bare = (value: string) => {
  try {
    const u = new URL(value);
    return `${u.origin}${u.pathname}`;
  } catch {
    return value;
  }
};
const URL_PROPERTIES = ['$current_url', '$referrer', '$initial_current_url', '$initial_referrer', '$prev_pageview_pathname'];
/** Every event's URLs stripped (before_send), on its properties and the person properties it sets. */
function sanitize<T extends { properties?: Record<string, unknown>; $set?: Record<string, unknown>; $set_once?: Record<string, unknown> }>(
  event: T | null,
): T | null {
  if (!event) return event;
  for (const bag of [event.properties, event.$set, event.$set_once])
    for (const key of URL_PROPERTIES) if (bag && typeof bag[key] === 'string') bag[key] = bare(bag[key]);
  return event;
}

function listen() {
  if (listening) return;
  listening = true;
  document.addEventListener('click', (e) => trackMarkedClick(e.target), { capture: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushCounters();
  });
  window.addEventListener('pagehide', flushCounters);
}

function init(config: TTelemetriaConfig, lib: PostHog) {
  lib.init(config.chave, {
    api_host: config.host,
    // Page views on every route change of the SPA, and when a page is left (sessions come with them).
    capture_pageview: 'history_change',
    capture_pageleave: true,
    // Only marked elements' clicks, by our own listener: autocapture would read texts and attributes.
    autocapture: false,
    rageclick: false,
    capture_dead_clicks: false,
    capture_heatmaps: false,
    disable_session_recording: true,
    mask_all_text: true,
    mask_all_element_attributes: true,
    capture_performance: { web_vitals: true, network_timing: false },
    capture_exceptions: true,
    person_profiles: 'identified_only',
    persistence: 'localStorage',
    get_current_url: () => `${location.origin}${location.pathname}`,
    before_send: sanitize,
  });
}

/**
 * Asks the server (with the session) whether analytics is on for this account; when it is, loads posthog-js,
 * identifies the user by their hashed e-mail and starts listening. When it is off, anything loaded stops.
 */
export async function startAnalytics(email: string) {
  started = email;
  const config = (await getConfigPublica().catch(() => null))?.telemetria;
  if (!config) {
    posthog?.opt_out_capturing();
    detachClient();
    return;
  }
  const [lib, id] = await Promise.all([posthog ?? import('posthog-js').then((m) => m.default), hashedEmail(email)]);
  if (!posthog) init(config, lib);
  else lib.opt_in_capturing();
  posthog = lib;
  if (id && identified && id !== identified) lib.reset();
  if (id) lib.identify(id);
  identified = id;
  attachClient(lib);
  listen();
}

/**
 * The account's analytics switch changed (this tab saved it, or the server told the socket): the answer is read
 * again and applies at once, on or off, without a new sign-in.
 */
export function restartAnalytics() {
  forgetConfigPublica();
  if (started) void startAnalytics(started);
}
