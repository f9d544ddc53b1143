import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TConfirmarLid } from '@balcao/shared/consentimento';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { lerPedido, LinkInvalido, responder } from './service';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Small, phone-first, no script: it must read on any phone and with JavaScript off. */
const STYLE = `:root{color-scheme:light dark}*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#18181b}
main{max-width:28rem;margin:0 auto;padding:2rem 1rem}.card{background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.card>:last-child{margin-bottom:0}
img{max-height:56px;max-width:200px;display:block;margin:0 auto 1rem}h1{font-size:1.25rem;margin:0 0 .75rem;text-align:center}
ul{padding-left:1.25rem}p.t{color:#52525b;font-size:.95rem}form{display:grid;gap:.75rem;margin-top:1.25rem}
button{font:inherit;font-weight:600;padding:.85rem 1rem;border-radius:8px;border:1px solid #d4d4d8;background:#fff;color:#18181b;cursor:pointer;min-height:48px}
button.p{background:#15803d;border-color:#15803d;color:#fff}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.ok{color:#15803d}.no{font-weight:500}@media(prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}.card{background:#18181b;box-shadow:none}
p.t{color:#a1a1aa}button{background:#27272a;color:#fafafa;border-color:#3f3f46}.ok{color:#4ade80}}`;

function html(title: string, body: string) {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

function formPage(token: string, p: TConfirmarLid) {
  const logo = p.conta.logoUrl ? `<img src="${esc(p.conta.logoUrl)}" alt="${esc(p.conta.nome)}">` : '';
  const head = `${logo}<h1>${esc(p.conta.nome)}</h1>`;
  if (p.estado !== 'pendente')
    return html(
      p.conta.nome,
      `${head}<p class="${p.estado === 'aceito' ? 'ok' : 'no'}" role="status">${
        p.estado === 'aceito' ? 'Obrigado! Você vai receber nossas mensagens.' : 'Pronto: você não vai receber nossas mensagens.'
      }</p><p class="t">Você pode mudar de ideia quando quiser: responda SAIR ou VOLTAR no WhatsApp.</p>`,
    );
  const itens = p.finalidades.map((f) => `<li>${esc(f.rotulo)}</li>`).join('');
  return html(
    `Confirmação — ${p.conta.nome}`,
    `${head}<p>Você aceita receber mensagens de <strong>${esc(p.conta.nome)}</strong>?</p><ul>${itens}</ul><p class="t">${esc(p.texto)}</p>
<form method="post" action="/confirmar-lid"><input type="hidden" name="token" value="${esc(token)}">
<button class="p" type="submit" name="aceito" value="sim">Confirmar</button><button type="submit" name="aceito" value="nao">Não quero receber</button></form>`,
  );
}

function errorPage(reply: FastifyReply, err: unknown) {
  if (!(err instanceof AppError)) throw err;
  const titulo =
    err instanceof LinkInvalido && err.motivo === 'expirado' ? 'Link expirado' : err.status === 409 ? 'Já respondido' : 'Link inválido';
  return reply
    .code(err.status)
    .type('text/html; charset=utf-8')
    .send(html(titulo, `<h1>${titulo}</h1><p>${esc(err.message)}</p>`));
}

/**
 * /confirmar-lid (spec part 1 route table): the customer's consent page, rendered here outside the staff bundle,
 * answered by a plain form post (no script). An unknown or expired link is a page in Portuguese, not an error.
 */
export const confirmarLidPage: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const send = (reply: FastifyReply, s: string) => reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(s);

  app.get('/confirmar-lid', async (req, reply) => {
    const token = String((req.query as { token?: unknown }).token ?? '');
    try {
      return send(reply, formPage(token, await lerPedido(ctx, token.slice(0, 200))));
    } catch (err) {
      return errorPage(reply, err);
    }
  });

  app.post('/confirmar-lid', async (req, reply) => {
    const body = (req.body ?? {}) as { token?: string; aceito?: string };
    const token = String(body.token ?? '').slice(0, 200);
    try {
      return send(reply, formPage(token, await responder(ctx, token, body.aceito === 'sim', req.ip)));
    } catch (err) {
      return errorPage(reply, err);
    }
  });
};
