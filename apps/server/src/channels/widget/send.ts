import { and, eq, ne } from 'drizzle-orm';
import { WIDGET_TEXTS, ZWidgetSendInput, type TWidgetMessage } from '@balcao/shared/widget';
import { atendimentoEvents, type AppContext } from '../../context';
import { mensagens, type CanalRow, type VisitanteRow, type WidgetCanalRow } from '../../db/schema/atendimentos';
import { BadRequest, TooManyRequests } from '../../lib/errors';
import { presentAtendimento, presentWidgetMessage } from '../../modules/atendimentos/presenter';
import { findAtendimento, findOpenAtendimento } from '../../modules/atendimentos/queries';
import { ingest } from '../../modules/atendimentos/ingest/ingest';
import { useUpload } from './uploads';

const RATE_WINDOW_S = 60;

/**
 * A visitor's message: parsed by the shared schema, rate-limited, its file looked up among this visitor's
 * uploads, persisted once per client id, then pushed to the staff who see its queue and to the visitor's
 * other tabs.
 */
export async function visitorSend(ctx: AppContext, canal: WidgetCanalRow, v: VisitanteRow, raw: unknown): Promise<TWidgetMessage> {
  const chegouEm = Date.now();
  const parsed = ZWidgetSendInput.safeParse(raw);
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? WIDGET_TEXTS.mensagemInvalida);
  const input = parsed.data;
  if ((await ctx.rates.hit(`widget-msg:${v.id}`, RATE_WINDOW_S)) > ctx.widgetLimits.messagesPerMinute)
    throw new TooManyRequests(WIDGET_TEXTS.muitasMensagens);
  // Only what the server recorded of this visitor's own upload, never a URL or a name the client sent.
  const midia = input.uploadId ? await useUpload(ctx.db, canal, v, input.uploadId) : null;
  const conteudo = input.conteudo;

  const [o] = await ingest(
    ctx,
    [
      {
        source: {
          canal,
          // A returning customer whose last conversation was finished starts a 'widget-response'.
          origem: (hadPrevious) => (hadPrevious ? 'widget-response' : 'widget'),
          departamentoId: v.departamentoId ?? canal.config.departamentoPadraoId ?? null,
          toVisitor: true,
        },
        event: {
          kind: 'message',
          de: { clienteId: v.clienteId },
          clientId: input.clientId,
          conteudo: midia ? { tipo: 'anexo', legenda: conteudo, midia } : { tipo: 'texto', texto: conteudo },
        },
        chegouEm,
      },
    ],
    // The visitor is answered with the reason (an HTTP or socket error), not the channel's failure count.
    { onFailure: () => undefined },
  );
  if (!o!.ok) throw o!.retry || o!.error ? o!.error : new BadRequest(WIDGET_TEXTS.mensagemInvalida);
  return presentWidgetMessage(o!.result!.mensagens[0]!);
}

/** The visitor has seen the attendant's messages: they turn 'read' and the attendants' ticks follow. */
export async function visitorRead(ctx: AppContext, canal: CanalRow, v: VisitanteRow) {
  const open = await findOpenAtendimento(ctx.db, v.clienteId, canal.id);
  if (!open) return;
  const read = await ctx.db
    .update(mensagens)
    .set({ status: 'read' })
    .where(and(eq(mensagens.atendimentoId, open.id), eq(mensagens.autor, 'atendente'), ne(mensagens.status, 'read')))
    .returning({ id: mensagens.id, clientId: mensagens.clientId });
  if (read.length === 0) return;
  const joined = await findAtendimento(ctx.db, canal.accountId, open.id);
  if (!joined) return;
  const row = presentAtendimento(joined);
  const events = atendimentoEvents(ctx);
  for (const m of read)
    events.status(canal.accountId, row, { atendimentoId: open.id, messageId: m.id, clientId: m.clientId, status: 'read' });
}
