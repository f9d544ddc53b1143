import {
  INTEGRANTE_TIPO,
  previaMensagem,
  type TConversa,
  type TMensagem,
  type TMensagemTipo,
  type TParticipante,
  type TUsuarioDisponivel,
} from '@balcao/shared/chat-interno';
import type { ChatConversaRow, ChatMensagemRow } from '../../db/schema/chat-interno';

export type Pessoa = { id: string; nome: string; fotoUrl: string | null };

/** A listed participant with its name resolved (user or department). */
export type ParticipanteView = {
  conversaId: string;
  usuarioId: string | null;
  departamentoId: string | null;
  admin: boolean;
  usuarioNome: string | null;
  usuarioFotoUrl: string | null;
  departamentoNome: string | null;
};

export type UltimaMensagem = {
  conteudo: string;
  tipo: TMensagemTipo;
  remetenteId: string | null;
  origemTipo: number;
  createdAt: Date;
} | null;

/** Timestamps leave as ISO-8601 UTC (ARCHITECTURE "Time"); raw SQL may hand back a string. */
const toIso = (value: Date | string): string => new Date(value).toISOString();

/** The one wire shape of a message, for page reads, the SendMessage ack and ReceiveMessage alike. */
export function presentMensagem(row: ChatMensagemRow, remetente: Omit<Pessoa, 'id'> | null, lida: boolean): TMensagem {
  return {
    id: row.id,
    conversaId: row.conversaId,
    conteudo: row.conteudo,
    remetenteId: row.remetenteId,
    remetenteNome: remetente?.nome ?? null,
    remetenteFotoUrl: remetente?.fotoUrl ?? null,
    dataEnvio: toIso(row.createdAt),
    lida,
    origemTipo: row.origemTipo === 2 ? 2 : 1,
    tipo: row.tipo,
    midiaUrl: row.midiaUrl,
    nomeArquivo: row.nomeArquivo,
    clientId: row.clientId,
  };
}

export function presentParticipante(p: ParticipanteView): TParticipante {
  return p.usuarioId
    ? { id: p.usuarioId, nome: p.usuarioNome ?? '', tipo: INTEGRANTE_TIPO.usuario, admin: p.admin, fotoUrl: p.usuarioFotoUrl }
    : { id: p.departamentoId ?? '', nome: p.departamentoNome ?? '', tipo: INTEGRANTE_TIPO.departamento, admin: false, fotoUrl: null };
}

export const presentPessoa = (p: Pessoa): TUsuarioDisponivel => ({ id: p.id, nome: p.nome, fotoUrl: p.fotoUrl });

/** A list row as the viewer sees it: others' names (so a direct chat's title is the other user), unread count, preview. */
export function presentConversa(
  viewerId: string,
  conversa: ChatConversaRow,
  participantes: ParticipanteView[],
  ultima: UltimaMensagem,
  naoVistas: number,
): TConversa {
  const usuarios = participantes.filter((p) => p.usuarioId);
  const departamentos = participantes.filter((p) => p.departamentoId);
  const outros = usuarios.filter((p) => p.usuarioId !== viewerId);
  const outro =
    !conversa.ehGrupo && outros[0]
      ? { id: outros[0].usuarioId!, nome: outros[0].usuarioNome ?? '', fotoUrl: outros[0].usuarioFotoUrl }
      : null;
  return {
    id: conversa.id,
    nome: conversa.nome,
    ehGrupo: conversa.ehGrupo,
    usuariosNomes: outros.map((p) => p.usuarioNome ?? ''),
    departamentosNomes: departamentos.map((p) => p.departamentoNome ?? ''),
    adminsNomes: usuarios.filter((p) => p.admin).map((p) => p.usuarioNome ?? ''),
    fotoUrl: conversa.ehGrupo ? conversa.fotoUrl : (outro?.fotoUrl ?? null),
    ultimaMensagem: ultima ? previaMensagem(ultima) : null,
    dataHoraUltimaMensagem: ultima ? toIso(ultima.createdAt) : null,
    qtdMensagensNaoVistas: naoVistas,
    ultimaMensagemRemetenteId: ultima?.remetenteId ?? null,
    ultimaMensagemOrigemTipo: ultima ? (ultima.origemTipo === 2 ? 2 : 1) : null,
    participantesIds: usuarios.map((p) => p.usuarioId!),
    departamentosIds: departamentos.map((p) => p.departamentoId!),
    outroUsuario: outro,
    souAdmin: usuarios.some((p) => p.usuarioId === viewerId && p.admin),
  };
}
