import {
  NOTIFICACOES_TEXTS as T,
  notificacaoUrl,
  PREFERENCIAS_PADRAO,
  type TNotificacaoEvento,
  type TNotificacaoPreferencias,
} from '@balcao/shared/notificacoes';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import type { TMensagem as TMensagemChat } from '@balcao/shared/chat-interno';
import { ORIGEM_TIPO } from '@balcao/shared/chat-interno/constants';
import { countAviso, playSom } from './alertas';

/** The user's choices, as last read from the server (app-instalavel.tsx loads them once signed in). */
let prefs: TNotificacaoPreferencias = PREFERENCIAS_PADRAO;
export const setPreferencias = (p: TNotificacaoPreferencias) => {
  prefs = p;
};

/** Opens a path in this tab (the router's navigate, set by app-instalavel.tsx). */
let abrir: (url: string) => void = (url) => window.location.assign(url);
export const setOpener = (fn: (url: string) => void) => {
  abrir = fn;
};

type TAlerta = { evento: TNotificacaoEvento; tag: string; de: string; texto: string; url: string };

const TRANSFERIDO = 'Atendimento transferido para ';
const PREVIA_MAX = 120;

async function notificar(a: TAlerta) {
  const corpo = prefs.mostrarPrevia ? `${a.de}: ${a.texto.slice(0, PREVIA_MAX)}` : T.semPrevia(a.de);
  const opts = { body: corpo, tag: a.tag, icon: '/icons/icon-192.png', data: { url: a.url } };
  const reg = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  // Through the service worker when there is one: the same tag as a push replaces it, and a click opens the conversation.
  if (reg) return reg.showNotification(T.titulo[a.evento], opts);
  const n = new Notification(T.titulo[a.evento], opts);
  n.onclick = () => {
    window.focus();
    abrir(a.url);
    n.close();
  };
}

/** Something for this user happened: a chime (not for what they are looking at), the title count and a notification while hidden. */
function alertar(a: TAlerta, olhando: boolean) {
  if (!prefs.eventos[a.evento] || (olhando && !document.hidden)) return;
  if (prefs.som) playSom();
  if (!document.hidden) return;
  countAviso(a.tag);
  if (prefs.navegador && typeof Notification !== 'undefined' && Notification.permission === 'granted')
    void notificar(a).catch(() => undefined);
}

/**
 * A customer conversation's live message (the customer chat's binding calls this): a customer writing in a
 * queue I can take or in a conversation I hold, or the notice of a transfer to me. `row` is the conversation
 * as this tab knows it: none yet for a conversation the message opens (its row follows the message), which
 * is a new one in a queue, since the server only sends me what I may see.
 */
export function noteAtendimentoMensagem(m: TMensagem, row: TAtendimento | undefined, meuId: string, aberto: boolean, de: string) {
  if (m.editada || m.apagada) return;
  const url = notificacaoUrl.atendimento(m.atendimentoId);
  const base = { tag: `atendimento:${m.atendimentoId}`, de: row?.clienteNome ?? de, texto: m.conteudo, url };
  if (m.autor === 'cliente' && row?.atendenteId === meuId) return alertar({ ...base, evento: 'mensagem' }, aberto);
  if (m.autor === 'cliente' && (!row || (!row.atendenteId && row.status === 'aguardando')))
    return alertar({ ...base, evento: 'novaConversa' }, aberto);
  if (m.autor === 'sistema' && m.conteudo.startsWith(TRANSFERIDO) && row?.atendenteId === meuId)
    alertar({ ...base, evento: 'transferencia' }, aberto);
}

/** An internal chat message from someone else; an @mention of my name is its own event. */
export function noteChatMensagem(m: TMensagemChat, meuId: string, meuNome: string, aberta: boolean) {
  if (m.origemTipo !== ORIGEM_TIPO.usuario || !m.remetenteId || m.remetenteId === meuId) return;
  const primeiro = meuNome.trim().split(/\s+/)[0]?.toLocaleLowerCase('pt-BR') ?? '';
  const mencao = primeiro !== '' && m.conteudo.toLocaleLowerCase('pt-BR').includes(`@${primeiro}`);
  alertar(
    {
      evento: mencao ? 'mencao' : 'chatInterno',
      tag: `chat:${m.conversaId}`,
      de: m.remetenteNome ?? '',
      texto: m.conteudo,
      url: notificacaoUrl.chat(m.conversaId),
    },
    aberta,
  );
}
