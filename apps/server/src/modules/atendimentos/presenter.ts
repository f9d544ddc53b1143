import { CAPACIDADES_CANAL, tipoCanalDaOrigem, type TProvedorCanal } from '@balcao/shared/canais';
import { ZMensagem, ZMidia, type TAtendimento, type TMensagem } from '@balcao/shared/atendimentos';
import { detalhesDaMensagem, type TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';
import type { TWidgetMessage } from '@balcao/shared/widget';
import type { AtendimentoRow, ClienteRow, MensagemRow } from '../../db/schema/atendimentos';

export type AtendimentoJoined = {
  a: AtendimentoRow;
  cliente: Pick<ClienteRow, 'nome' | 'numero' | 'email' | 'avatarUrl' | 'identificador'>;
  canalNome: string;
  /** The provider behind the conversation (a WhatsApp one may be the Cloud API or WhatsApp Web). */
  canalTipo: TProvedorCanal;
  atendenteNome: string | null;
  departamentoNome: string | null;
  /** The account's master: the realtime message carries it (spec part 2 §3). */
  masterId: string | null;
  databaseName: string;
};

/** What identifies a customer in a list: phone number, else e-mail, else the site's id. */
const clienteNumero = (c: AtendimentoJoined['cliente']) => c.numero ?? c.email ?? c.identificador ?? 'Visitante';

/** The reply window of the conversation's channel (its capabilities say whether there is one and how long). */
function janelaDe(canalTipo: TProvedorCanal, clienteEscreveuEm: Date | null): TAtendimento['janela'] {
  const ms = CAPACIDADES_CANAL[canalTipo].janelaRespostaMs;
  if (ms === null) return null;
  return { fechaEm: clienteEscreveuEm ? new Date(clienteEscreveuEm.getTime() + ms).toISOString() : null, duracaoMs: ms };
}

/** The one wire shape of an atendimento: list rows, the open conversation's header and ChatListAtendimento. */
export function presentAtendimento({ a, cliente, canalNome, canalTipo, atendenteNome, departamentoNome }: AtendimentoJoined): TAtendimento {
  return {
    atendimentoId: a.id,
    ticket: a.ticket,
    status: a.status,
    origem: a.origem,
    numero: clienteNumero(cliente),
    clienteId: a.clienteId,
    clienteNome: cliente.nome,
    Avatar: cliente.avatarUrl,
    canalId: a.canalId,
    canalNome,
    atendenteId: a.atendenteId,
    atendenteNome,
    departamentoId: a.departamentoId,
    departamentoNome,
    mensagensNaoLidas: a.mensagensNaoLidas,
    ultimaMensagem: a.ultimaMensagem,
    ultimaMensagemTipo: a.ultimaMensagemTipo,
    ultimaMensagemEm: a.ultimaMensagemEm.toISOString(),
    inicio: a.inicio.toISOString(),
    fim: a.fim?.toISOString() ?? null,
    nota: a.nota,
    janela: janelaDe(canalTipo, a.clienteEscreveuEm),
    anuncio: a.anuncio ?? null,
    etiquetaIds: a.etiquetaIds,
    foraDoHorarioEm: a.foraDoHorarioEm?.toISOString() ?? null,
  };
}

export type MensagemJoined = {
  m: MensagemRow;
  atendenteNome: string | null;
  citada: Pick<MensagemRow, 'id' | 'autor' | 'tipo' | 'conteudo'> | null;
};

const ZLocalizacao = ZMensagem.shape.localizacao;
/**
 * Stored JSON is read defensively: a row written before a check existed (or by hand) renders without its
 * media or location instead of failing the whole conversation's answer.
 */
const storedMidia = (value: unknown): TMensagem['midia'] => {
  const parsed = ZMidia.safeParse(value);
  return parsed.success && safeMediaUrl(parsed.data.url) ? parsed.data : null;
};
/** Our own path or an http(s) address, never a `..` segment, a backslash or another scheme. */
const safeMediaUrl = (url: string) =>
  !/(^|[/\\])\.\.([/\\]|$)/.test(url) &&
  !url.includes('\\') &&
  ((url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//i.test(url));
const storedLocalizacao = (value: unknown): TMensagem['localizacao'] => {
  const parsed = ZLocalizacao.safeParse(value ?? null);
  return parsed.success ? parsed.data : null;
};

const ZContatos = ZMensagem.shape.contatos.unwrap();
const storedContatos = (value: unknown): TMensagem['contatos'] => {
  const parsed = ZContatos.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

export function presentMensagem({ m, atendenteNome, citada }: MensagemJoined): TMensagem {
  return {
    id: m.id,
    atendimentoId: m.atendimentoId,
    clientId: m.clientId,
    autor: m.autor,
    atendenteId: m.atendenteId,
    atendenteNome,
    tipo: m.tipo,
    conteudo: m.apagada ? '' : m.conteudo,
    midia: m.apagada ? null : storedMidia(m.midia),
    localizacao: storedLocalizacao(m.localizacao),
    ...(m.contatos && !m.apagada ? { contatos: storedContatos(m.contatos) } : {}),
    reagindoA: m.reagindoA,
    respondendoA: citada ? { id: citada.id, autor: citada.autor, tipo: citada.tipo, conteudo: citada.conteudo } : null,
    status: m.status,
    erroEnvio: m.erroEnvio,
    agendada: m.agendadaId !== null,
    interna: m.interna,
    editada: m.editada,
    apagada: m.apagada,
    criadaEm: m.createdAt.toISOString(),
    ...(m.transcricao && !m.apagada ? { transcricao: m.transcricao } : {}),
  };
}

/** The realtime customer message of spec part 2 §3, with the details that rebuild the message presenter's shape. */
export function presentRealtimeMessage(msg: TMensagem, row: TAtendimento, masterId: string | null): TRealtimeMessage {
  const fromCliente = msg.autor === 'cliente';
  const type = msg.apagada ? 'deleted' : msg.editada ? 'edited' : msg.tipo === 'reaction' ? 'reaction' : 'text';
  return {
    id: msg.id,
    messageId: msg.id,
    atendimentoId: msg.atendimentoId,
    masterId,
    from: fromCliente ? row.numero : (msg.atendenteId ?? 'sistema'),
    to: fromCliente ? (row.atendenteId ?? '') : row.numero,
    fromName: fromCliente ? row.clienteNome : (msg.atendenteNome ?? 'Sistema'),
    clientId: msg.clientId,
    isAtendente: msg.autor === 'atendente',
    content: msg.conteudo,
    timestamp: msg.criadaEm,
    mediaUrl: msg.midia?.url ?? null,
    mediaType: msg.midia ? msg.tipo : null,
    url: msg.midia?.url ?? null,
    origem: row.origem,
    mensagensNaoLidas: row.mensagensNaoLidas,
    type,
    message: {
      type: msg.tipo,
      text: msg.conteudo,
      source: msg.autor === 'cliente' ? tipoCanalDaOrigem(row.origem) : msg.autor === 'sistema' ? 'system' : 'agent',
      mediaUrl: msg.midia?.url ?? null,
      filename: msg.midia?.filename ?? null,
      mimeType: msg.midia?.mimeType ?? null,
      size: msg.midia?.size ?? null,
      reaction: msg.tipo === 'reaction' ? msg.conteudo : null,
      isEdited: msg.editada,
      isDeleted: msg.apagada,
    },
    detalhes: detalhesDaMensagem(msg),
  };
}

/** What the website visitor sees of a message. */
export function presentWidgetMessage(msg: TMensagem): TWidgetMessage {
  return {
    id: msg.id,
    clientId: msg.clientId,
    autor: msg.autor,
    atendenteNome: msg.atendenteNome,
    tipo: msg.tipo,
    conteudo: msg.conteudo,
    midia: msg.midia,
    criadaEm: msg.criadaEm,
    editada: msg.editada,
    apagada: msg.apagada,
  };
}
