// Inside the shadow root: the site's CSS cannot reach in and ours cannot leak out. System fonts only (no CDN).
export const CSS = `
:host{all:initial}
*{box-sizing:border-box}
.root{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#18181b;-webkit-font-smoothing:antialiased}
button{font:inherit;color:inherit;cursor:pointer}
button:disabled{cursor:default}
:focus-visible{outline:2px solid var(--bc);outline-offset:2px}
.launcher{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:var(--bc);color:var(--bt);box-shadow:0 6px 20px rgba(0,0,0,.22);display:grid;place-items:center;z-index:2147483000;transition:transform .15s}
.launcher:hover{transform:scale(1.06)}
.launcher .i-close,.open .launcher .i-chat{display:none}
.open .launcher .i-close{display:block}
.badge{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 6px;border-radius:10px;background:#dc2626;color:#fff;font-size:12px;font-weight:600;line-height:20px;text-align:center;box-shadow:0 0 0 2px #fff}
.badge:empty{display:none}
.panel{position:fixed;right:20px;bottom:88px;width:380px;height:min(640px,calc(100vh - 108px));background:#fff;border-radius:16px;box-shadow:0 12px 48px rgba(0,0,0,.18),0 0 0 1px rgba(0,0,0,.06);display:flex;flex-direction:column;overflow:hidden;z-index:2147483000;animation:in .18s ease-out}
.panel[hidden]{display:none}
@keyframes in{from{opacity:0;transform:translateY(8px)}}
.pagina .panel{top:0;bottom:0;left:0;right:0;margin:0 auto;width:100%;max-width:760px;height:auto;border-radius:0;box-shadow:0 0 0 1px #e4e4e7;animation:none}
header{background:var(--bc);color:var(--bt);padding:12px 8px 12px 14px;display:flex;align-items:center;gap:10px;flex:none}
header :focus-visible{outline-color:var(--bt)}
.avatar{position:relative;flex:none;width:38px;height:38px;border-radius:50%;display:grid;place-items:center;font-weight:600;font-size:16px}
.avatar::before{content:"";position:absolute;inset:0;border-radius:50%;background:currentColor;opacity:.18}
.heading{flex:1;min-width:0}
.title{font-weight:600;font-size:15px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.status{font-size:12.5px;opacity:.88;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.status:empty{display:none}
.icon-btn{background:transparent;border:0;width:36px;height:36px;border-radius:8px;display:grid;place-items:center;flex:none}
.icon-btn:hover{background:rgba(127,127,127,.22)}
.notice{padding:8px 14px;font-size:13px;background:#fef3c7;color:#713f12;border-bottom:1px solid #fde68a;flex:none}
.notice.error{background:#fee2e2;color:#7f1d1d;border-color:#fecaca}
.notice.info{background:#f4f4f5;color:#3f3f46;border-color:#e4e4e7}
.notice a{color:inherit;font-weight:600;margin-left:6px}
.notice[hidden]{display:none}
.log{flex:1;min-height:96px;overflow-y:auto;padding:14px 14px 6px;display:flex;flex-direction:column;background:#fafafa;overscroll-behavior:contain}
.row{display:flex;flex-direction:column;max-width:82%;margin-top:6px}
.row.mine{align-self:flex-end;align-items:flex-end}
.row.theirs{align-self:flex-start;align-items:flex-start}
.author{font-size:12px;color:#71717a;margin:6px 0 2px 4px;font-weight:500}
.bubble{padding:7px 11px;border-radius:14px;background:#fff;border:1px solid #e4e4e7;white-space:pre-wrap;overflow-wrap:anywhere;max-width:100%}
.mine .bubble{background:var(--bc);color:var(--bt);border-color:transparent;border-bottom-right-radius:4px}
.theirs .bubble{border-bottom-left-radius:4px}
.bubble a{color:inherit}
.meta{display:inline-flex;gap:3px;align-items:center;float:right;margin:5px 0 -3px 10px;font-size:11px;opacity:.72;white-space:nowrap}
.pendente .bubble,.enviando .bubble{opacity:.82}
.has-media{padding:4px}
.has-media .text{display:block;padding:4px 7px 0}
.has-media .meta{margin:4px 6px 2px 10px}
.media{display:block}
.media img,video.media{display:block;max-width:100%;max-height:240px;border-radius:10px}
audio{display:block;max-width:250px}
.file{display:flex;gap:10px;align-items:center;padding:6px 8px;text-decoration:none;min-width:190px}
.file-info{display:flex;flex-direction:column;min-width:0}
.file-name{font-weight:500;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:200px}
.file-size{font-size:12px;opacity:.75}
progress{display:block;width:100%;height:4px;margin:6px 0 2px;border:0;border-radius:2px;background:rgba(127,127,127,.3);-webkit-appearance:none;appearance:none;color:inherit}
progress::-webkit-progress-bar{background:transparent}
progress::-webkit-progress-value{background:currentColor;border-radius:2px}
progress::-moz-progress-bar{background:currentColor}
.failed{display:flex;gap:4px;align-items:center;margin-top:3px;font-size:12px;color:#b91c1c}
.link{background:none;border:0;padding:0;text-decoration:underline;font-weight:600}
.sistema{align-self:center;max-width:90%}
.sys{font-size:12px;color:#52525b;background:#f0f0f2;border-radius:8px;padding:4px 10px;text-align:center;white-space:pre-wrap}
.sys a{color:inherit}
.day{align-self:center;margin:12px 0 4px;font-size:11.5px;color:#71717a}
.day span{background:#fff;border:1px solid #e4e4e7;padding:2px 10px;border-radius:999px}
.deleted{opacity:.75}
.older{align-self:center;margin:0 0 6px;background:#fff;border:1px solid #e4e4e7;border-radius:999px;padding:5px 12px;font-size:12.5px;color:#3f3f46}
.skeleton i{display:block;height:34px;width:62%;border-radius:14px;background:#ececef;margin:8px 0;animation:pulse 1.2s infinite}
.skeleton i:nth-child(2){width:45%;margin-left:auto}
@keyframes pulse{50%{opacity:.5}}
.typing{font-size:12px;color:#71717a;padding:0 16px 4px;background:#fafafa;min-height:4px;flex:none}
.composer{display:flex;align-items:flex-end;gap:6px;padding:8px 10px 10px;border-top:1px solid #e4e4e7;background:#fff;flex:none}
.input{flex:1;display:flex;align-items:flex-end;border:1px solid #d4d4d8;border-radius:20px;padding-left:4px;min-width:0}
.input:focus-within{border-color:var(--bc);box-shadow:0 0 0 1px var(--bc)}
textarea:focus-visible{outline:none}
textarea{flex:1;min-width:0;resize:none;border:0;outline:none;background:transparent;color:inherit;font:inherit;font-size:14.5px;line-height:1.4;padding:9px 6px;max-height:120px;height:40px}
.clip{width:36px;height:38px;color:#52525b}
.send{width:40px;height:40px;border-radius:50%;border:0;background:var(--bc);color:var(--bt);display:grid;place-items:center;flex:none}
.send:disabled{opacity:.45}
.foot{display:flex;flex-direction:column;min-height:0;flex:0 1 auto}
.prechat{display:flex;flex-direction:column;gap:12px;padding:16px;border-top:1px solid #e4e4e7;background:#fff;overflow:auto;flex:0 1 auto}
.prechat-title{margin:0;font-weight:500}
.field{display:flex;flex-direction:column;gap:4px}
.consent{display:flex;gap:8px;align-items:flex-start;font-weight:400;line-height:1.35}
.consent input{width:16px;height:16px;margin:1px 0 0;padding:0;flex:none;accent-color:var(--bc)}
label{font-size:13px;font-weight:500;color:#3f3f46}
input,select{font:inherit;font-size:14.5px;padding:9px 10px;border:1px solid #d4d4d8;border-radius:8px;background:#fff;color:inherit;width:100%}
input:focus,select:focus{outline:2px solid var(--bc);outline-offset:-1px}
[aria-invalid=true]{border-color:#dc2626}
.field-error{font-size:12px;color:#b91c1c}
.field-error:empty{display:none}
.primary{background:var(--bc);color:var(--bt);border:0;border-radius:8px;padding:10px 14px;font-weight:600}
.blocked{display:flex;gap:8px;align-items:flex-start;padding:16px;border-top:1px solid #fecaca;background:#fef2f2;color:#7f1d1d;font-size:13.5px;flex:none}
.blocked svg{flex:none;margin-top:1px}
.ajuda{flex:none;max-height:55%;overflow-y:auto;border-bottom:1px solid #e4e4e7;background:#fff}
.ajuda[hidden],.ajuda-busca[hidden],.artigo[hidden]{display:none}
.ajuda-busca{padding:12px 14px;display:flex;flex-direction:column;gap:6px}
.ajuda-titulo{font-weight:600;font-size:13.5px;color:#18181b}
.ajuda-form{display:flex;align-items:center;border:1px solid #d4d4d8;border-radius:10px;padding-left:2px}
.ajuda-form:focus-within{border-color:var(--bc);box-shadow:0 0 0 1px var(--bc)}
.ajuda-form input{border:0;outline:none;padding:8px 8px;min-width:0;flex:1}
.ajuda-ir{color:#52525b}
.ajuda-info{margin:2px 0;font-size:13px;color:#52525b}
.ajuda-info.erro{color:#b91c1c}
.achados{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
.achado{display:flex;flex-direction:column;gap:2px;width:100%;text-align:left;background:#fff;border:1px solid #e4e4e7;border-radius:10px;padding:8px 10px}
.achado:hover{border-color:var(--bc)}
.achado-titulo{font-weight:600;color:#18181b}
.achado-trecho{font-size:12.5px;color:#52525b;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
mark{background:#fef08a;color:inherit;border-radius:2px}
.lendo .ajuda{flex:1;max-height:none;border:0}
.lendo .log,.lendo .typing,.lendo .foot{display:none}
.artigo{padding:12px 16px 20px;overflow-wrap:anywhere}
.artigo:focus{outline:none}
.voltar{color:#3f3f46;font-size:13px}
.artigo-titulo{font-size:18px;line-height:1.3;margin:10px 0 8px}
.artigo-corpo{line-height:1.55}
.artigo-corpo h1,.artigo-corpo h2,.artigo-corpo h3{font-size:15px;margin:14px 0 6px}
.artigo-corpo p,.artigo-corpo ul,.artigo-corpo ol,.artigo-corpo pre,.artigo-corpo blockquote{margin:0 0 10px}
.artigo-corpo img{display:block;max-width:100%;height:auto;margin:8px 0;border-radius:8px}
.artigo-corpo pre{overflow:auto;background:#f4f4f5;padding:8px;border-radius:8px}
.artigo-corpo a{color:#1d4ed8}
.ajudou{display:flex;align-items:center;flex-wrap:wrap;gap:8px;margin:16px 0 10px;padding-top:12px;border-top:1px solid #e4e4e7;font-size:13.5px}
.ajudou p{margin:0;color:#166534;font-weight:500}
.voto{background:#fff;border:1px solid #d4d4d8;border-radius:8px;padding:5px 14px}
.voto:hover{border-color:var(--bc)}
.ajuda-link{font-size:13px;color:#1d4ed8}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){
.panel{top:0;bottom:0;left:0;right:0;width:100%;height:auto;border-radius:0}
.open .launcher{display:none}
textarea,input,select{font-size:16px}
}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
`;
