import type { TTarefa } from '@balcao/shared/tracker';
import { type AppContext, atendimentoEvents } from '../../context';
import type { TSessionUser } from '../../lib/session';
import { publicarEnviada } from '../atendimentos/publicar-enviada';
import { criarConversa, pessoa } from '../chat-interno/service';
import { insertAviso } from '../chat-interno/mensagens-service';
import type { TrackerDeps } from './service';

const AVISO_TEXTOS = {
  responsavel: (autor: string, t: TTarefa) => `${autor} atribuiu a você a tarefa #${t.numero}: ${t.titulo}`,
  mencao: (autor: string, t: TTarefa) => `${autor} mencionou você na tarefa #${t.numero}: ${t.titulo}`,
};

/**
 * Assignment and @mention reach the person as a notice (origemTipo Aviso) in their direct internal chat with
 * whoever caused it: it shows in the chat they already watch, live, with its unread count.
 */
export function avisosDoTracker(ctx: Pick<AppContext, 'db' | 'publish'>): Pick<TrackerDeps, 'avisar' | 'mensagemAoCliente'> {
  return {
    // The customer's message on Concluída, as a scheduled message's: the conversation's staff and the channel's queue.
    mensagemAoCliente: (accountId, s) => publicarEnviada(ctx.db, atendimentoEvents(ctx), accountId, s),
    avisar: async (u: TSessionUser, tarefa, para, motivo) => {
      const autor = await pessoa(ctx.db, u.accountId, u.id);
      for (const destino of para) {
        const conversa = await criarConversa(ctx.db, u, { usuarios: [destino], departamentos: [], nome: '' });
        const aviso = await insertAviso(ctx.db, conversa.id, autor, AVISO_TEXTOS[motivo](autor.nome, tarefa));
        const both = [u.id, destino];
        ctx.publish?.chatInterno({ conversaId: conversa.id, mensagens: [aviso], receivers: both, listChangedFor: both });
      }
    },
  };
}
