import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TMensagem } from '@balcao/shared/atendimentos';
import { IA_TEXTS, TRECHO_MARCA } from '@balcao/shared/ia';
import { atendimentoEvents, type AppContext } from '../../context';
import { atendimentos, clientes, mensagens } from '../../db/schema/atendimentos';
import { AppError, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { readUpload } from '../../lib/uploads';
import { requireStaff, visibleTo } from '../atendimentos/policy';
import { result } from '../atendimentos/service';
import { assertLicenciado, configRow, licenciado, provedorDe, requireProvedor } from './config';
import { type Provedor, providerError, transcribe } from './provider';
import { conversaVisivel } from './service';
import { assertPodeChamar, registrarUso } from './uso';

const SEM_USO = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
/** Matches a transcript search returns. */
const BUSCA_MAX = 20;

/** Transcribes one stored voice note, keeps the transcript on the message and tells everyone who sees it. */
async function transcreverRow(
  ctx: AppContext,
  provedor: Provedor,
  m: { id: string; accountId: string; atendimentoId: string; midia: TMensagem['midia'] },
) {
  const audio = m.midia ? await readUpload(ctx.storage, m.midia.url) : null;
  if (!audio || !m.midia) throw new AppError(410, 'IA_AUDIO_INDISPONIVEL', IA_TEXTS.audioIndisponivel);
  let texto: string;
  try {
    texto = await transcribe(
      provedor,
      audio,
      m.midia.filename ?? `audio.${m.midia.mimeType.split('/')[1]?.split(';')[0] ?? 'ogg'}`,
      m.midia.mimeType,
    );
  } catch (err) {
    throw providerError(err);
  }
  await ctx.db
    .update(mensagens)
    .set({ transcricao: texto })
    .where(and(eq(mensagens.id, m.id), eq(mensagens.accountId, m.accountId)));
  const r = await result(ctx.db, m.accountId, m.atendimentoId, [m.id]);
  atendimentoEvents(ctx).messages(m.accountId, r.row, r.mensagens, r.masterId, { toVisitor: false });
  return texto;
}

async function audioDaConta(ctx: AppContext, accountId: string, mensagemId: string) {
  const [m] = await ctx.db
    .select({
      id: mensagens.id,
      accountId: mensagens.accountId,
      atendimentoId: mensagens.atendimentoId,
      tipo: mensagens.tipo,
      midia: mensagens.midia,
      apagada: mensagens.apagada,
    })
    .from(mensagens)
    .where(and(eq(mensagens.id, mensagemId), eq(mensagens.accountId, accountId)))
    .limit(1);
  return m ?? null;
}

/** POST /ia/mensagens/:id/transcrever: an attendant who sees the conversation asks for a voice note's text. */
export async function transcreverMensagem(ctx: AppContext, user: TSessionUser, mensagemId: string): Promise<{ texto: string }> {
  await assertLicenciado(ctx.db, user.accountId);
  const m = await audioDaConta(ctx, user.accountId, mensagemId);
  if (!m) throw new NotFound(IA_TEXTS.mensagemNaoEncontrada);
  await conversaVisivel(ctx, user, m.atendimentoId);
  if (m.tipo !== 'audio' || m.apagada) throw new AppError(409, 'IA_NAO_AUDIO', IA_TEXTS.naoEhAudio);
  const { provedor } = await requireProvedor(ctx, user.accountId);
  await assertPodeChamar(ctx, user.accountId, user.id);
  const texto = await transcreverRow(ctx, provedor, m);
  await registrarUso(ctx.db, user.accountId, user.id, 'transcricao', SEM_USO);
  return { texto };
}

/**
 * Inbound voice notes of accounts that turned automatic transcription on: transcribed after they are stored,
 * off the ingest path (a slow provider never holds a webhook). A failure leaves the 'Transcrever' button.
 */
export function transcreverAoChegar(ctx: AppContext, recebidas: { accountId: string; mensagens: TMensagem[] }[]) {
  const audios = recebidas.flatMap((r) =>
    r.mensagens
      .filter((m) => m.tipo === 'audio' && m.autor === 'cliente' && m.midia && !m.transcricao)
      .map((m) => ({ accountId: r.accountId, m })),
  );
  if (!audios.length) return;
  void (async () => {
    for (const { accountId, m } of audios) {
      try {
        const row = await configRow(ctx.db, accountId);
        if (!row?.transcreverAutomatico || !(await licenciado(ctx.db, accountId))) continue;
        const provedor = provedorDe(ctx, row);
        if (!provedor) continue;
        await transcreverRow(ctx, provedor, { id: m.id, accountId, atendimentoId: m.atendimentoId, midia: m.midia });
        await registrarUso(ctx.db, accountId, null, 'transcricao', SEM_USO);
      } catch {
        // The attendant can still ask for it ('Transcrever'); nothing to tell the customer.
      }
    }
  })();
}

/** ts_headline's options: the matches marked with characters a transcript never holds, a short excerpt. */
const TRECHO_OPCOES = `StartSel=${TRECHO_MARCA.inicio}, StopSel=${TRECHO_MARCA.fim}, MaxWords=30, MinWords=12`;

/** Voice notes whose transcript matches (full-text, Portuguese), newest first, in the conversations the user sees. */
export async function buscarTranscricoes(ctx: AppContext, user: TSessionUser, q: string) {
  const staff = await requireStaff(ctx.db, user);
  const consulta = sql`websearch_to_tsquery('portuguese', ${q})`;
  const doc = sql`to_tsvector('portuguese', ${mensagens.transcricao})`;
  const rows = await ctx.db
    .select({
      mensagemId: mensagens.id,
      atendimentoId: mensagens.atendimentoId,
      ticket: atendimentos.ticket,
      clienteNome: clientes.nome,
      transcricao: mensagens.transcricao,
      trecho: sql<string>`ts_headline('portuguese', ${mensagens.transcricao}, ${consulta}, ${TRECHO_OPCOES})`,
      criadaEm: mensagens.createdAt,
    })
    .from(mensagens)
    .innerJoin(atendimentos, and(eq(atendimentos.id, mensagens.atendimentoId), eq(atendimentos.accountId, mensagens.accountId)))
    .innerJoin(clientes, eq(clientes.id, atendimentos.clienteId))
    .where(and(eq(mensagens.accountId, staff.accountId), isNotNull(mensagens.transcricao), sql`${doc} @@ ${consulta}`, visibleTo(staff)))
    .orderBy(desc(mensagens.createdAt))
    .limit(BUSCA_MAX);
  return rows.map((r) => ({ ...r, transcricao: r.transcricao ?? '', criadaEm: r.criadaEm.toISOString() }));
}
