import { and, asc, eq } from 'drizzle-orm';
import { ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import { EXIBICAO_PROVEDOR } from '@balcao/shared/canais';
import { IA_TEXTS, type TAssistenteInput, type TEventoIa, type TFonteIa, type TMensagemIa, type TUsoIa } from '@balcao/shared/ia';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import { iaMensagens } from '../../db/schema/ia';
import type { TSessionUser } from '../../lib/session';
import { NotFound } from '../../lib/errors';
import { assertCanSee, requireStaff, type TStaff } from '../atendimentos/policy';
import { presentAtendimento, presentMensagem } from '../atendimentos/presenter';
import { findAtendimento, findMensagem, mensagensPage } from '../atendimentos/queries';
import { assertLicenciado, requireProvedor } from './config';
import { buscarFontes, FONTES_MAX } from './fontes';
import { montarPrompt, pedidoDoPainel, perguntaParaBusca } from './prompt';
import { type ChatMessage, type Provedor, providerError, streamChat } from './provider';
import { assertPodeChamar, registrarUso } from './uso';

/** Messages of the conversation read for the assistant (then cut to the token budget). */
const MENSAGENS_LIDAS = 80;

type PanelRow = typeof iaMensagens.$inferSelect;
const presentPainel = (r: PanelRow): TMensagemIa => ({
  id: r.id,
  timestamp: r.createdAt.toISOString(),
  content: r.conteudo,
  papel: r.papel,
  acao: r.acao,
  fontes: r.fontes,
});

/** The conversation as its attendant may see it: 404 in another account, 403 outside their queue. */
async function conversaVisivel(ctx: AppContext, user: TSessionUser, atendimentoId: string) {
  const staff = await requireStaff(ctx.db, user);
  const joined = await findAtendimento(ctx.db, staff.accountId, atendimentoId);
  if (!joined) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
  const row = presentAtendimento(joined);
  assertCanSee(staff, row);
  return { staff, joined, row };
}

export type Preparado = {
  provedor: Provedor;
  messages: ChatMessage[];
  fontes: TFonteIa[];
  staff: TStaff;
  atendimentoId: string;
  acao: TAssistenteInput['acao'];
};

/**
 * Everything before the provider is called, each refusal an HTTP answer: the licence (402), the conversation's
 * visibility (403/404), a provider (409), the user's pace and the month's cap (429). Then the prompt: the
 * recent conversation, the customer, a cited message, the matching documents; the request joins the panel.
 */
export async function prepararAssistente(
  ctx: AppContext,
  user: TSessionUser,
  atendimentoId: string,
  input: TAssistenteInput,
): Promise<Preparado> {
  await assertLicenciado(ctx.db, user.accountId);
  const { staff, joined, row } = await conversaVisivel(ctx, user, atendimentoId);
  const { provedor, row: config } = await requireProvedor(ctx, staff.accountId);
  const citadaRow = input.mensagemCitadaId ? await findMensagem(ctx.db, staff.accountId, atendimentoId, input.mensagemCitadaId) : null;
  if (input.mensagemCitadaId && !citadaRow) throw new NotFound(IA_TEXTS.mensagemNaoEncontrada);
  await assertPodeChamar(ctx, staff.accountId, staff.id);

  const page = await mensagensPage(ctx.db, atendimentoId, null, MENSAGENS_LIDAS);
  const conversa = page.rows.map(presentMensagem);
  const citada = citadaRow ? presentMensagem(citadaRow) : null;
  const documentos = (await buscarFontes(ctx.db, staff.accountId, perguntaParaBusca(input, conversa, citada))).slice(0, FONTES_MAX);
  const historico = await ctx.db
    .select({ papel: iaMensagens.papel, conteudo: iaMensagens.conteudo })
    .from(iaMensagens)
    .where(and(eq(iaMensagens.atendimentoId, atendimentoId), eq(iaMensagens.usuarioId, staff.id)))
    .orderBy(asc(iaMensagens.createdAt));
  const [conta] = await ctx.db.select({ nome: accounts.nome }).from(accounts).where(eq(accounts.id, staff.accountId)).limit(1);
  const messages = montarPrompt({
    input,
    empresa: conta?.nome ?? 'a empresa',
    atendente: staff.nome,
    cliente: {
      nome: row.clienteNome,
      contato: row.numero,
      canal: EXIBICAO_PROVEDOR[joined.canalTipo].rotulo,
      ticket: row.ticket,
      departamento: row.departamentoNome,
    },
    conversa,
    citada,
    documentos,
    historico,
    ocultar: config?.ocultarDadosPessoais ?? true,
  });
  await ctx.db.insert(iaMensagens).values({
    accountId: staff.accountId,
    atendimentoId,
    usuarioId: staff.id,
    papel: 'usuario',
    acao: input.acao,
    conteudo: pedidoDoPainel(input, citada),
  });
  const fontes = documentos.map((d) => ({ titulo: d.titulo, url: d.url }));
  return { provedor, messages, fontes, staff, atendimentoId, acao: input.acao };
}

/**
 * The answer as events: the sources first (the documents it was grounded on), each piece as the provider
 * writes it, then the stored answer's id and the usage; a provider failure is an `erro` in Portuguese.
 */
export async function* responder(ctx: AppContext, p: Preparado, signal?: AbortSignal): AsyncGenerator<TEventoIa> {
  yield { event: 'fontes', data: p.fontes };
  let texto = '';
  let uso: TUsoIa = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  try {
    for await (const piece of streamChat(p.provedor, p.messages, signal)) {
      if ('texto' in piece) {
        texto += piece.texto;
        yield { event: 'delta', data: { texto: piece.texto } };
      } else uso = piece.uso;
    }
  } catch (err) {
    if (signal?.aborted) return;
    yield { event: 'erro', data: { message: providerError(err).message } };
    return;
  } finally {
    // What the provider counted is spent even when the attendant left before the end.
    if (uso.totalTokens) await registrarUso(ctx.db, p.staff.accountId, p.staff.id, 'chat', uso);
  }
  const [salva] = await ctx.db
    .insert(iaMensagens)
    .values({
      accountId: p.staff.accountId,
      atendimentoId: p.atendimentoId,
      usuarioId: p.staff.id,
      papel: 'assistente',
      acao: p.acao,
      conteudo: texto,
      fontes: p.fontes,
    })
    .returning({ id: iaMensagens.id });
  yield { event: 'fim', data: { id: salva!.id, uso } };
}

/** The attendant's own panel history for this conversation (another attendant's stays theirs). */
export async function historicoDoPainel(ctx: AppContext, user: TSessionUser, atendimentoId: string): Promise<TMensagemIa[]> {
  const { staff } = await conversaVisivel(ctx, user, atendimentoId);
  const rows = await ctx.db
    .select()
    .from(iaMensagens)
    .where(
      and(eq(iaMensagens.atendimentoId, atendimentoId), eq(iaMensagens.usuarioId, staff.id), eq(iaMensagens.accountId, staff.accountId)),
    )
    .orderBy(asc(iaMensagens.createdAt));
  return rows.map(presentPainel);
}

export { conversaVisivel };
