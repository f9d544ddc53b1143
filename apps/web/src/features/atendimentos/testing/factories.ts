import type { TAtendimento, TConversasPage, TMensagem } from '@balcao/shared/atendimentos';
import { detalhesDaMensagem, type TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';
import type { TConversasData } from '../list-cache';

/** Test data builders for this feature's unit tests. */
let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function makeAtendimento(p: Partial<TAtendimento> = {}): TAtendimento {
  return {
    atendimentoId: uuid(),
    ticket: seq,
    status: 'aguardando',
    origem: 'widget',
    numero: '5511987654321',
    clienteId: uuid(),
    clienteNome: 'Maria Souza',
    Avatar: null,
    canalId: 'canal-1',
    canalNome: 'Site',
    atendenteId: null,
    atendenteNome: null,
    departamentoId: null,
    departamentoNome: null,
    mensagensNaoLidas: 0,
    ultimaMensagem: 'Olá',
    ultimaMensagemTipo: 'text',
    ultimaMensagemEm: '2026-03-10T12:00:00.000Z',
    inicio: '2026-03-10T11:00:00.000Z',
    fim: null,
    nota: null,
    janela: null,
    ...p,
  };
}

export function makeMensagem(p: Partial<TMensagem> = {}): TMensagem {
  return {
    id: uuid(),
    atendimentoId: 'a1',
    clientId: null,
    autor: 'cliente',
    atendenteId: null,
    atendenteNome: null,
    tipo: 'text',
    conteudo: 'Oi',
    midia: null,
    localizacao: null,
    reagindoA: null,
    respondendoA: null,
    status: 'sent',
    editada: false,
    apagada: false,
    criadaEm: '2026-03-10T12:00:00.000Z',
    ...p,
  };
}

export function makeEvento(p: Partial<TRealtimeMessage> = {}, m: Partial<TMensagem> = {}): TRealtimeMessage {
  const mensagem = makeMensagem({ atendimentoId: p.atendimentoId ?? 'a1', ...m });
  return {
    id: mensagem.id,
    messageId: mensagem.id,
    atendimentoId: mensagem.atendimentoId,
    masterId: null,
    from: 'visitante-123',
    to: 'atendente',
    fromName: 'Maria',
    clientId: null,
    isAtendente: false,
    content: mensagem.conteudo,
    timestamp: mensagem.criadaEm,
    mediaUrl: null,
    mediaType: null,
    origem: 'widget',
    type: 'text',
    message: {
      type: 'text',
      text: mensagem.conteudo,
      source: 'widget',
      mediaUrl: null,
      filename: null,
      mimeType: null,
      size: null,
      reaction: null,
      isEdited: false,
      isDeleted: false,
    },
    detalhes: detalhesDaMensagem(mensagem),
    ...p,
  };
}

export function makeLista(itens: TAtendimento[], p: Partial<TConversasPage> = {}): TConversasData {
  return {
    pages: [{ itens, proximoCursor: null, contagens: { aguardando: 0, em_atendimento: 0 }, ...p }],
    pageParams: [null],
  };
}
