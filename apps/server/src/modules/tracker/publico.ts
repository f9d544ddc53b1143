import { and, asc, eq, inArray } from 'drizzle-orm';
import { COLUNA_CONCLUIDA, TRACKER_TEXTS as T, type TTarefaPublica } from '@balcao/shared/tracker';
import { tarefaAtividades, tarefas } from '../../db/schema/tracker';
import type { Db } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import { renderizar } from '../documentacao/markdown';
import { colunasDe } from './colunas';

/**
 * What a customer reads of a shared task: title, public description, status and a timeline of status
 * changes, with no people, comments or internal fields. A public id that is not shared (any more) is a 404.
 */
export async function tarefaPublica(db: Db, publicId: string): Promise<TTarefaPublica> {
  const [row] = await db.select().from(tarefas).where(eq(tarefas.publicId, publicId)).limit(1);
  if (!row) throw new NotFound(T.tarefaNaoEncontrada);
  const colunas = new Map((await colunasDe(db, row.accountId)).map((c) => [c.id, c.nome]));
  const eventos = await db
    .select({ tipo: tarefaAtividades.tipo, dados: tarefaAtividades.dados, em: tarefaAtividades.createdAt })
    .from(tarefaAtividades)
    .where(and(eq(tarefaAtividades.tarefaId, row.id), inArray(tarefaAtividades.tipo, ['criada', 'status'])))
    .orderBy(asc(tarefaAtividades.createdAt), asc(tarefaAtividades.id));
  const nome = (id: unknown) => (typeof id === 'string' ? (colunas.get(id) ?? null) : null);
  return {
    titulo: row.titulo,
    descricao: row.descricaoPublica,
    status: { id: row.status, nome: colunas.get(row.status) ?? row.status },
    concluida: row.status === COLUNA_CONCLUIDA,
    atualizadaEm: row.updatedAt.toISOString(),
    linhaDoTempo: eventos.map((e) => ({
      tipo: e.tipo as 'criada' | 'status',
      status: nome(e.tipo === 'status' ? e.dados.para : e.dados.status),
      em: e.em.toISOString(),
    })),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const quando = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso));

const STYLE = `:root{color-scheme:light dark;--bg:#f8fafc;--fg:#0f172a;--muted:#475569;--card:#fff;--line:#e2e8f0;--ok:#166534;--okbg:#dcfce7}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--fg:#e2e8f0;--muted:#94a3b8;--card:#111827;--line:#1f2937;--ok:#86efac;--okbg:#14532d}}
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:42rem;margin:0 auto;padding:2rem 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.25rem}
h1{font-size:1.5rem;margin:0 0 .75rem}h2{font-size:1rem;margin:1.5rem 0 .5rem}
.status{display:inline-block;border-radius:999px;padding:.125rem .75rem;background:var(--line);font-weight:600}
.status.ok{background:var(--okbg);color:var(--ok)}
.desc{margin:1rem 0 0;overflow-wrap:anywhere}.desc a{color:inherit}.desc pre{overflow:auto}.desc img{max-width:100%}
ol{list-style:none;padding:0;margin:0}li{padding:.375rem 0;border-top:1px solid var(--line)}
time,.muted{color:var(--muted);font-size:.875rem}`;

/**
 * The open page /public/tracker/tarefas/{id}: rendered here, readable without JavaScript, never indexed. The
 * public description is Markdown through documentação's renderer (raw HTML off, unsafe links refused).
 */
export function paginaPublica(t: TTarefaPublica, timeZone = 'America/Sao_Paulo'): string {
  const eventos = t.linhaDoTempo
    .map(
      (e) =>
        `<li><time datetime="${e.em}">${quando(e.em, timeZone)}</time> · ${
          e.tipo === 'criada' ? 'Tarefa registrada' : `Status alterado para <strong>${escapeHtml(e.status ?? '—')}</strong>`
        }</li>`,
    )
    .join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.titulo)}</title><style>${STYLE}</style></head>
<body><main><article class="card"><h1>${escapeHtml(t.titulo)}</h1>
<p>Status: <span class="status${t.concluida ? ' ok' : ''}">${escapeHtml(t.status.nome)}</span></p>
${t.descricao ? `<div class="desc">${renderizar(t.descricao).html}</div>` : ''}
<h2>Atualizações</h2><ol>${eventos}</ol>
<p class="muted">Atualizada em ${quando(t.atualizadaEm, timeZone)}</p></article></main></body></html>`;
}

export const PAGINA_NAO_ENCONTRADA = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Tarefa não encontrada</title><style>${STYLE}</style></head><body><main><div class="card"><h1>Tarefa não encontrada</h1><p class="muted">Este link não está mais disponível.</p></div></main></body></html>`;
