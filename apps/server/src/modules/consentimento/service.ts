import { alcancaCliente, CAPACIDADES_CANAL } from '@balcao/shared/canais';
import { and, eq, isNull } from 'drizzle-orm';
import {
  CONSENTIMENTO_LINK_DIAS,
  CONSENTIMENTO_TEXTO,
  CONSENTIMENTO_TEXTO_VERSAO,
  CONSENTIMENTO_TEXTS as T,
  ROTULO_FINALIDADE,
  type TConsentimentoConfig,
  type TConfirmarLid,
  type TFinalidade,
  type TOptInErp,
  type TOptInExterno,
  type TOrigemConsentimento,
  type TRegistrarConsentimento,
} from '@balcao/shared/consentimento';
import { CLIENTES_TEXTS } from '@balcao/shared/clientes';
import { atendimentoEvents, type AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import { clientes } from '../../db/schema/atendimentos';
import { consentimentoConfig, consentimentoEventos, consentimentoPedidos } from '../../db/schema/consentimento';
import { type Db, withTransaction } from '../../lib/db';
import { AppError, BadRequest, Conflict, NotFound } from '../../lib/errors';
import type { TStaff } from '../atendimentos/policy';
import { result, storeOutbound } from '../atendimentos/service';
import { clienteDoErp } from '../autoatendimento/service';
import { customersVisibleTo } from '../clientes/policy';
import { createCliente } from '../clientes/service';
import { destino } from '../nova-conversa/service';
import { linkOriginOf } from '../white-labels/service';
import { esquecerConfig, recusaWhatsApp, respostasDe } from './queries';

const DIA_MS = 24 * 60 * 60_000;
/** The request's message is known by this client id: the outbox puts the link in for the customer alone. */
const PEDIDO_CLIENT_ID = 'consentimento:';

const confirmLink = (origin: string, token: string) => `${origin}/confirmar-lid?token=${token}`;

/** The text the customer receives in place of the conversation's notice (see PEDIDO_CLIENT_ID). */
export function pedidoTexto(ctx: Pick<AppContext, 'tokens'>, clientId: string | null, origin: string): string | null {
  if (!clientId?.startsWith(PEDIDO_CLIENT_ID)) return null;
  return `${T.convite} ${confirmLink(origin, ctx.tokens.consentToken(clientId.slice(PEDIDO_CLIENT_ID.length)))}`;
}

async function clienteVisivel(db: Db, staff: TStaff, clienteId: string) {
  const [c] = await db
    .select()
    .from(clientes)
    .where(and(eq(clientes.id, clienteId), eq(clientes.accountId, staff.accountId), customersVisibleTo(db, staff)))
    .limit(1);
  if (!c) throw new NotFound(CLIENTES_TEXTS.naoEncontrado);
  return c;
}
export { clienteVisivel as assertClienteVisivel };

/** WhatsApp can write first to this customer on one of its channels (Cloud API or WhatsApp Web). */
const temEnderecoWhatsApp = (c: { numero: string | null; identificador: string | null; bsuid?: string | null }) =>
  (['whatsapp', 'wapi'] as const).some((p) => alcancaCliente(CAPACIDADES_CANAL[p], c));

/** The purposes a customer can be asked for: those they have an address for. */
const finalidadesDe = (c: { numero: string | null; identificador: string | null; email: string | null }): TFinalidade[] => [
  ...(temEnderecoWhatsApp(c) ? (['whatsapp'] as const) : []),
  ...(c.email ? (['email'] as const) : []),
];

/**
 * Sends the customer a confirmation link (a new one each time, 30 days): on WhatsApp as a message in their
 * conversation (the conversation shows a notice; the link goes to the customer alone), or by e-mail.
 */
export async function solicitar(ctx: AppContext, staff: TStaff, clienteId: string, canal: TFinalidade) {
  const { db } = ctx;
  const cliente = await clienteVisivel(db, staff, clienteId);
  const finalidades = finalidadesDe(cliente);
  if (canal === 'email' && !cliente.email) throw new BadRequest(T.semEmail, { canal: [T.semEmail] });
  if (canal === 'whatsapp' && !temEnderecoWhatsApp(cliente)) throw new BadRequest(T.semNumero, { canal: [T.semNumero] });
  if (canal === 'whatsapp' && (await recusaWhatsApp(db, staff.accountId, clienteId))) throw new Conflict(T.recusadoWhatsApp);
  const d = canal === 'whatsapp' ? await destino(db, staff, { clienteId }) : null;
  if (d && !d.dentroDaJanela) throw new Conflict(T.foraDaJanela);
  const expiraEm = new Date(Date.now() + CONSENTIMENTO_LINK_DIAS * DIA_MS);
  const out = await withTransaction(db, async (tx) => {
    const [pedido] = await tx
      .insert(consentimentoPedidos)
      .values({ accountId: staff.accountId, clienteId, canal, finalidades, criadoPor: staff.id, expiraEm })
      .returning({ id: consentimentoPedidos.id });
    await tx.insert(consentimentoEventos).values(
      finalidades.map((finalidade) => ({
        accountId: staff.accountId,
        clienteId,
        finalidade,
        evento: 'solicitado' as const,
        origem: 'atendente' as const,
        atendenteId: staff.id,
        pedidoId: pedido!.id,
        motivo: canal === 'whatsapp' ? 'Link enviado pelo WhatsApp' : 'Link enviado por e-mail',
      })),
    );
    const stored = d
      ? await storeOutbound(tx, {
          accountId: staff.accountId,
          clienteId,
          canalId: d.canal.id,
          atendenteId: staff.id,
          clienteEscreveuEm: d.escreveu,
          mensagem: { tipo: 'text', conteudo: T.conviteNaConversa, clientId: `${PEDIDO_CLIENT_ID}${pedido!.id}` },
        })
      : null;
    return { pedidoId: pedido!.id, stored };
  });
  if (out.stored) {
    const r = await result(db, staff.accountId, out.stored.atendimentoId, [out.stored.mensagemId]);
    const events = atendimentoEvents(ctx);
    events.messages(staff.accountId, r.row, r.mensagens, r.masterId, { toVisitor: true });
    events.row(staff.accountId, r.row);
  } else {
    const origin = await linkOriginOf(ctx, staff.accountId);
    const [conta] = await db.select({ nome: accounts.nome }).from(accounts).where(eq(accounts.id, staff.accountId)).limit(1);
    await ctx.mailer.send({
      to: cliente.email!,
      subject: `${conta?.nome ?? ''}: ${T.assuntoEmail}`.replace(/^: /, ''),
      text: `Olá, ${cliente.nome}.\n\n${T.convite}\n${confirmLink(origin, ctx.tokens.consentToken(out.pedidoId))}\n\nO link vale por ${CONSENTIMENTO_LINK_DIAS} dias.`,
    });
  }
  return { canal, expiraEm: expiraEm.toISOString() };
}

/** A link's request, if the token was made here; expired and answered ones are told apart from unknown ones. */
async function pedidoDo(ctx: AppContext, token: string) {
  const id = ctx.tokens.consentPedidoOf(token);
  const [row] = id
    ? await ctx.db
        .select({ p: consentimentoPedidos, conta: { nome: accounts.nome, logoUrl: accounts.logoUrl } })
        .from(consentimentoPedidos)
        .innerJoin(accounts, eq(accounts.id, consentimentoPedidos.accountId))
        .where(eq(consentimentoPedidos.id, id))
        .limit(1)
    : [];
  return row ?? null;
}

/** A link that cannot be answered: unknown (404) or expired (410); the page shows its words instead of the form. */
export class LinkInvalido extends AppError {
  constructor(readonly motivo: 'invalido' | 'expirado') {
    super(
      motivo === 'expirado' ? 410 : 404,
      motivo === 'expirado' ? 'LINK_EXPIRADO' : 'LINK_INVALIDO',
      motivo === 'expirado' ? T.linkExpirado : T.linkInvalido,
    );
  }
}

export async function lerPedido(ctx: AppContext, token: string, now = new Date()): Promise<TConfirmarLid> {
  const row = await pedidoDo(ctx, token);
  if (!row) throw new LinkInvalido('invalido');
  const { p } = row;
  if (!p.respondidoEm && p.expiraEm <= now) throw new LinkInvalido('expirado');
  return {
    conta: row.conta,
    finalidades: p.finalidades.map((f) => ({ finalidade: f, rotulo: ROTULO_FINALIDADE[f] })),
    texto: CONSENTIMENTO_TEXTO,
    estado: p.aceito === 'sim' ? 'aceito' : p.aceito === 'nao' ? 'recusado' : 'pendente',
  };
}

/** The customer's answer on the page: once per link (a second answer is refused), within its 30 days. */
export async function responder(ctx: AppContext, token: string, aceito: boolean, ip: string, now = new Date()) {
  const row = await pedidoDo(ctx, token);
  if (!row) throw new LinkInvalido('invalido');
  const { p } = row;
  if (p.respondidoEm) throw new Conflict(T.linkUsado);
  if (p.expiraEm <= now) throw new LinkInvalido('expirado');
  await withTransaction(ctx.db, async (tx) => {
    const [taken] = await tx
      .update(consentimentoPedidos)
      .set({ respondidoEm: now, aceito: aceito ? 'sim' : 'nao' })
      .where(and(eq(consentimentoPedidos.id, p.id), isNull(consentimentoPedidos.respondidoEm)))
      .returning({ id: consentimentoPedidos.id });
    if (!taken) throw new Conflict(T.linkUsado);
    await tx.insert(consentimentoEventos).values(
      p.finalidades.map((finalidade) => ({
        accountId: p.accountId,
        clienteId: p.clienteId,
        finalidade,
        evento: aceito ? ('aceito' as const) : ('recusado' as const),
        origem: 'pagina' as const,
        textoVersao: CONSENTIMENTO_TEXTO_VERSAO,
        ipHash: ctx.tokens.addressHash(ip),
        pedidoId: p.id,
        em: now,
      })),
    );
  });
  return lerPedido(ctx, token, now);
}

/** An answer the customer gave elsewhere (a call, at the counter), recorded by an attendant with the reason. */
export async function registrar(db: Db, staff: TStaff, clienteId: string, input: TRegistrarConsentimento) {
  await clienteVisivel(db, staff, clienteId);
  const atual = (await respostasDe(db, staff.accountId, [clienteId], input.finalidade)).get(clienteId);
  await db.insert(consentimentoEventos).values({
    accountId: staff.accountId,
    clienteId,
    finalidade: input.finalidade,
    evento: input.aceito ? 'aceito' : atual === 'aceito' ? 'revogado' : 'recusado',
    origem: 'atendente',
    motivo: input.motivo,
    atendenteId: staff.id,
  });
}

/** An opt-in given where the customer wrote first (the widget's pre-chat form, an ERP's own screen), with its words. */
export async function registrarOptIn(
  db: Db,
  accountId: string,
  clienteId: string,
  origem: Extract<TOrigemConsentimento, 'widget' | 'erp'>,
  input: TOptInExterno & { textoVersao?: string },
  ipHash: string | null,
) {
  await db.insert(consentimentoEventos).values(
    input.finalidades.map((finalidade) => ({
      accountId,
      clienteId,
      finalidade,
      evento: 'aceito' as const,
      origem,
      textoMostrado: input.textoMostrado,
      textoVersao: input.textoVersao ?? null,
      ipHash,
    })),
  );
}

/** The ERP's opt-in: its customer found by number or e-mail (created when new), the words it showed kept. */
export async function optInDoErp(db: Db, accountId: string, input: TOptInErp) {
  const { numero, email, cliente } = await clienteDoErp(db, accountId, input.cliente);
  const clienteId = cliente?.id ?? (await createCliente(db, accountId, { nome: input.cliente.nome, numero, email })).id;
  await registrarOptIn(db, accountId, clienteId, 'erp', input, null);
  return { clienteId };
}

export async function salvarConfig(db: Db, accountId: string, config: TConsentimentoConfig) {
  await db
    .insert(consentimentoConfig)
    .values({ accountId, ...config })
    .onConflictDoUpdate({ target: consentimentoConfig.accountId, set: config });
  esquecerConfig(accountId);
  return config;
}
