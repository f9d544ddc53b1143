import type { AppContext } from '../context';

/**
 * The origin every link a person is sent starts with (password reset, login link, invitation, rating link,
 * the widget snippet): PUBLIC_URL, or on the embedded default the origin the server was started for,
 * `http://localhost:PORT` (no trailing slash). Never a request header (Host, X-Forwarded-Host, Origin): a client sets those, and a
 * reset link built from them would hand the token to whoever sent the request.
 */
export function configuredOrigin(env: { PUBLIC_URL?: string; PORT: number }, port: number = env.PORT): string {
  return env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : `http://localhost:${port}`;
}

/** The public origin of this server (see configuredOrigin), for links built while serving a request. */
export const publicOrigin = (ctx: Pick<AppContext, 'publicUrl'>): string => ctx.publicUrl;
