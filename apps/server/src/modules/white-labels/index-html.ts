import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { whiteLabelOfHost } from './service';

/**
 * The web app's index.html for a request whose Host belongs to a white label: the id on the window from a script
 * carrying this answer's nonce, and the CSP widened by that nonce alone (no 'unsafe-inline'). Null elsewhere: the
 * built file is served as it is. Host picks the label and nothing else (links come from PUBLIC_URL).
 */
export function whiteLabelIndex(ctx: Pick<AppContext, 'db'>, indexHtml: string) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    const label = await whiteLabelOfHost(ctx.db, req.headers.host);
    if (!label) return null;
    const nonce = randomBytes(16).toString('base64');
    const csp = String(reply.raw.getHeader('content-security-policy') ?? '');
    if (csp) reply.header('content-security-policy', csp.replace(/script-src ([^;]*)/, `script-src $1 'nonce-${nonce}'`));
    const script = `<script nonce="${nonce}">window.whiteLabelId=${JSON.stringify(label.id)};</script>`;
    // Before the app's own scripts, so the first render already knows.
    const title = label.nome.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return indexHtml.replace(/<head>/i, `<head>${script}`).replace(/<title>[^<]*<\/title>/i, `<title>${title}</title>`);
  };
}
