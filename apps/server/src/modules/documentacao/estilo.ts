import { createHash } from 'node:crypto';

/**
 * The public pages' whole stylesheet: system fonts (no font download keeps a page far under its 50 KB), the
 * centre's colour from `--cor`/`--sobre-cor` set on <body>, light and dark from the visitor's preference,
 * readable at 390 px.
 */
export const ESTILO = `*{box-sizing:border-box}
:root{color-scheme:light dark;--fundo:#fff;--texto:#18181b;--suave:#52525b;--borda:#e4e4e7;--cartao:#fafafa;--marca:#fef08a}
@media (prefers-color-scheme:dark){:root{--fundo:#0b0b0f;--texto:#f4f4f5;--suave:#a1a1aa;--borda:#27272a;--cartao:#131318;--marca:#854d0e}}
body{margin:0;background:var(--fundo);color:var(--texto);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif}
a{color:inherit}
h1,h2,h3{line-height:1.25}
.topo{background:var(--cor);color:var(--sobre-cor)}
.topo .caixa{display:flex;align-items:center;gap:.75rem;padding:.9rem 1rem}
.topo a{text-decoration:none;font-weight:600;font-size:1.1rem;display:flex;align-items:center;gap:.6rem}
.topo img{height:32px;width:auto;border-radius:4px}
.caixa{max-width:960px;margin:0 auto;padding:1.5rem 1rem}
.busca{display:flex;gap:.5rem;margin:0 0 1.5rem}
.busca input{flex:1;min-width:0;font:inherit;padding:.6rem .8rem;border:1px solid var(--borda);border-radius:8px;background:var(--fundo);color:var(--texto)}
.busca button,.voto button{font:inherit;padding:.55rem 1rem;border-radius:8px;border:1px solid var(--borda);background:var(--cor);color:var(--sobre-cor);cursor:pointer}
.secoes{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));padding:0;list-style:none}
.secoes>li{border:1px solid var(--borda);border-radius:12px;padding:1rem;background:var(--cartao)}
.secoes h2{font-size:1.1rem;margin:0 0 .5rem}
ul.docs{margin:0;padding-left:1.1rem}
.migalhas{font-size:.9rem;color:var(--suave);margin-bottom:1rem}
.doc{display:grid;gap:2rem;grid-template-columns:minmax(0,1fr)}
@media (min-width:860px){.doc.com-indice{grid-template-columns:minmax(0,1fr) 220px}}
.indice{font-size:.9rem;border-left:2px solid var(--borda);padding-left:1rem;align-self:start}
.indice ul{list-style:none;padding:0;margin:.25rem 0}.indice .n3{padding-left:.8rem}
article img{display:block;max-width:100%;height:auto;margin:.75rem 0;border-radius:8px}
article pre{overflow:auto;background:var(--cartao);border:1px solid var(--borda);border-radius:8px;padding:.8rem}
article code{font-size:.92em}
article table{border-collapse:collapse;display:block;overflow:auto}article td,article th{border:1px solid var(--borda);padding:.35rem .6rem}
article blockquote{margin:0;padding-left:1rem;border-left:3px solid var(--cor);color:var(--suave)}
.navega{display:flex;justify-content:space-between;gap:1rem;margin-top:2rem;flex-wrap:wrap}
.navega a{border:1px solid var(--borda);border-radius:8px;padding:.6rem .9rem;text-decoration:none;max-width:100%}
.navega small{display:block;color:var(--suave)}
.voto{margin-top:2rem;padding:1rem;border:1px solid var(--borda);border-radius:12px;display:flex;gap:.75rem;align-items:center;flex-wrap:wrap}
.voto form{display:inline}.voto p{margin:0}
.resultados{list-style:none;padding:0}.resultados li{padding:.8rem 0;border-bottom:1px solid var(--borda)}
.resultados p{margin:.25rem 0 0;color:var(--suave)}mark{background:var(--marca);color:inherit}
.vazio{color:var(--suave)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
footer{color:var(--suave);font-size:.85rem;text-align:center;padding:2rem 1rem}
:focus-visible{outline:3px solid var(--cor);outline-offset:2px}
`;

/** Its address changes with its content, so it is cached for a year. */
export const ESTILO_VERSAO = createHash('sha256').update(ESTILO).digest('hex').slice(0, 10);
export const ESTILO_URL = `/backend/api/public/documentacao/estilo-${ESTILO_VERSAO}.css`;
