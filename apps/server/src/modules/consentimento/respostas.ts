import { normalizarPalavra, type TConsentimentoConfig } from '@balcao/shared/consentimento';
import { tipoCanalDaOrigem } from '@balcao/shared/canais';
import { atendimentoEvents, type AppContext } from '../../context';
import { consentimentoEventos } from '../../db/schema/consentimento';
import { withTransaction } from '../../lib/db';
import type { InboundResult } from '../atendimentos/inbound';
import { result, storeOutbound } from '../atendimentos/service';
import { configCacheada, respostasDe } from './queries';

/** What ingest hands over: each event and what became of it (only new customer texts are read here). */
type Entrada = {
  item: { source: { canal: { accountId: string }; log?: { warn: (o: object, m?: string) => void } }; event: { kind: string } };
  outcome: { ok: boolean; result?: InboundResult };
};
/** A reply word is one short word: anything longer is a message, not an opt-out. */
const MAX_PALAVRA = 24;

function textoCurto(event: { kind: string }): string | null {
  const e = event as { kind: string; autor?: string; conteudo?: { tipo: string; texto?: string } };
  if (e.kind !== 'message' || e.autor === 'atendente' || e.conteudo?.tipo !== 'texto') return null;
  const t = e.conteudo.texto?.trim() ?? '';
  return t.length > 0 && t.length <= MAX_PALAVRA && !/\s/.test(t) ? normalizarPalavra(t) : null;
}

const has = (words: string[], w: string) => words.some((x) => normalizarPalavra(x) === w);

/** One opt-out or opt-in word: the history line, and the automatic confirmation in the same conversation. */
async function aplicar(ctx: AppContext, accountId: string, r: InboundResult, config: TConsentimentoConfig, sair: boolean) {
  const clienteId = r.row.clienteId;
  const atual = (await respostasDe(ctx.db, accountId, [clienteId], 'whatsapp')).get(clienteId);
  const evento = sair ? (atual === 'aceito' ? 'revogado' : 'recusado') : 'aceito';
  const stored = await withTransaction(ctx.db, async (tx) => {
    await tx.insert(consentimentoEventos).values({ accountId, clienteId, finalidade: 'whatsapp', evento, origem: 'resposta' });
    return storeOutbound(tx, {
      accountId,
      clienteId,
      canalId: r.row.canalId,
      atendenteId: null,
      clienteEscreveuEm: new Date(),
      mensagem: { tipo: 'text', conteudo: sair ? config.respostaSair : config.respostaVoltar },
    });
  });
  const out = await result(ctx.db, accountId, stored.atendimentoId, [stored.mensagemId]);
  const events = atendimentoEvents(ctx);
  events.messages(accountId, out.row, out.mensagens, out.masterId, { toVisitor: true });
  events.row(accountId, out.row);
}

/**
 * The account's opt-out words (SAIR, PARAR, STOP) and opt-in words (VOLTAR) written on WhatsApp, for every
 * channel at once: called by ingest after the messages are stored. A failure here is logged, never the
 * message's: the customer's text is already in the conversation.
 */
export async function aplicarPalavrasDeConsentimento(ctx: AppContext, entradas: Entrada[]): Promise<Set<number>> {
  const aplicadas = new Set<number>();
  for (const [k, { item, outcome }] of entradas.entries()) {
    const r = outcome.ok ? outcome.result : undefined;
    const palavra = r && !r.duplicate ? textoCurto(item.event) : null;
    if (!r || !palavra || tipoCanalDaOrigem(r.row.origem) !== 'whatsapp') continue;
    const accountId = item.source.canal.accountId;
    try {
      const config = await configCacheada(ctx.db, accountId);
      const sair = has(config.palavrasSair, palavra);
      if (sair || has(config.palavrasVoltar, palavra)) {
        await aplicar(ctx, accountId, r, config, sair);
        aplicadas.add(k);
      }
    } catch (err) {
      item.source.log?.warn({ err, atendimentoId: r.atendimentoId }, 'Palavra de consentimento não aplicada');
    }
  }
  return aplicadas;
}
