import { and, eq, ne } from 'drizzle-orm';
import { normalizarResposta } from '@balcao/shared/atendimento-automatico';
import { ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import type { TNotaInterna } from '@balcao/shared/etiquetas';
import type { AppContext } from '../../context';
import { mensagens } from '../../db/schema/atendimentos';
import { users } from '../../db/schema/users';
import { NotFound } from '../../lib/errors';
import { assertCanSee, type TStaff } from '../atendimentos/policy';
import { presentAtendimento } from '../atendimentos/presenter';
import { findAtendimento } from '../atendimentos/queries';
import { messageValues, result, storedAs } from '../atendimentos/service';
import { enviarMensagem } from '../chat-interno/mensagens-service';
import { criarConversa } from '../chat-interno/service';

/** The colleagues a note names with '@' (full name or first name, without accents or case), never its author. */
function mentioned(conteudo: string, colegas: { id: string; nome: string }[]): string[] {
  const texto = ` ${normalizarResposta(conteudo)} `;
  const named = (nome: string) => {
    const n = normalizarResposta(nome);
    return n.length > 0 && new RegExp(`@${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(texto);
  };
  return colegas.filter((c) => named(c.nome) || named(c.nome.split(/\s+/)[0] ?? '')).map((c) => c.id);
}

/**
 * A private note in the conversation's timeline: stored as the attendant's, `interna` and already 'sent' (no
 * channel's queue claims it, a database check keeps it so), told to staff alone. The same clientId again answers
 * the stored note. Each colleague named with '@' gets a notice in the internal chat.
 */
export async function createNota(ctx: AppContext, staff: TStaff, atendimentoId: string, input: TNotaInterna) {
  const { db } = ctx;
  const joined = await findAtendimento(db, staff.accountId, atendimentoId);
  if (!joined) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
  const row = presentAtendimento(joined);
  assertCanSee(staff, row);
  const nota = { tipo: 'text' as const, conteudo: input.conteudo, clientId: input.clientId, status: 'sent' as const };
  const [inserted] = await db
    .insert(mensagens)
    .values({ ...messageValues(joined.a, 'atendente', staff.id, nota), interna: true })
    .onConflictDoNothing()
    .returning({ id: mensagens.id });
  const id =
    inserted?.id ??
    (
      await db
        .select({ id: mensagens.id })
        .from(mensagens)
        .where(storedAs(joined.a, 'atendente', staff.id, nota))
        .limit(1)
    )[0]?.id;
  if (!id) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
  const r = await result(db, staff.accountId, atendimentoId, [id]);
  if (inserted) await notifyMentioned(ctx, staff, joined.a.ticket, row.clienteNome, id, input.conteudo);
  return { duplicate: !inserted, ...r };
}

async function notifyMentioned(ctx: AppContext, staff: TStaff, ticket: number, cliente: string, notaId: string, conteudo: string) {
  if (!conteudo.includes('@')) return;
  const colegas = await ctx.db
    .select({ id: users.id, nome: users.nome })
    .from(users)
    .where(and(eq(users.accountId, staff.accountId), eq(users.ativo, true), ne(users.id, staff.id)));
  for (const outro of mentioned(conteudo, colegas)) {
    const conversa = await criarConversa(ctx.db, staff, { usuarios: [outro], departamentos: [], nome: '' });
    if (conversa.change) ctx.publish?.chatInterno(conversa.change);
    const texto = `${staff.nome} mencionou você numa nota do atendimento #${ticket} (${cliente}): ${conteudo}`;
    const { change } = await enviarMensagem(ctx.db, staff, {
      conversaId: conversa.id,
      mensagem: { id: `nota-${notaId}`, texto: texto.slice(0, 4000), tipo: 'text', midiaUrl: null, nomeArquivo: null },
    });
    if (change) ctx.publish?.chatInterno(change);
  }
}
