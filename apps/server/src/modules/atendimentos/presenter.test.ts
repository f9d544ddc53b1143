import { describe, expect, it } from 'vitest';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { mensagemDoEvento } from '@balcao/shared/atendimentos/realtime';
import { presentRealtimeMessage } from './presenter';

const row: TAtendimento = {
  atendimentoId: 'a1',
  ticket: 7,
  status: 'em_atendimento',
  origem: 'whatsapp',
  numero: '5511987654321',
  clienteId: 'c1',
  clienteNome: 'Maria Souza',
  Avatar: null,
  canalId: 'k1',
  canalNome: 'WhatsApp',
  atendenteId: 'u1',
  atendenteNome: 'Ana',
  departamentoId: null,
  departamentoNome: null,
  mensagensNaoLidas: 2,
  ultimaMensagem: 'Oi',
  ultimaMensagemTipo: 'text',
  ultimaMensagemEm: '2026-11-28T12:00:00.000Z',
  inicio: '2026-11-28T11:00:00.000Z',
  fim: null,
  nota: null,
  janela: { fechaEm: null, duracaoMs: 86_400_000 },
};

const base: TMensagem = {
  id: 'm1',
  atendimentoId: 'a1',
  clientId: null,
  autor: 'cliente',
  atendenteId: null,
  atendenteNome: null,
  tipo: 'text',
  conteudo: 'Oi, tudo bem?',
  midia: null,
  localizacao: null,
  reagindoA: null,
  respondendoA: null,
  status: 'delivered',
  erroEnvio: null,
  agendada: false,
  interna: false,
  editada: false,
  apagada: false,
  criadaEm: '2026-11-28T12:00:00.000Z',
};

const kinds: Record<string, Partial<TMensagem>> = {
  'a customer text': {},
  'an attendant text that failed': {
    autor: 'atendente',
    atendenteId: 'u1',
    atendenteNome: 'Ana',
    clientId: 'cli-1',
    status: 'failed',
    erroEnvio: 'Fora da janela de 24 horas',
  },
  'a scheduled message': { autor: 'atendente', atendenteId: 'u1', atendenteNome: 'Ana', agendada: true, status: 'sent' },
  'a system line': { autor: 'sistema', conteudo: 'Atendimento transferido' },
  'a document': {
    tipo: 'document',
    conteudo: 'nota fiscal',
    midia: { url: '/uploads/a/nf.pdf', mimeType: 'application/pdf', filename: 'nf.pdf', size: 5120 },
  },
  'a voice note without a name or size': {
    tipo: 'audio',
    conteudo: '',
    midia: { url: '/uploads/a/v.ogg', mimeType: 'audio/ogg', filename: null, size: null },
  },
  'a location': { tipo: 'location', conteudo: '', localizacao: { latitude: -23.55, longitude: -46.63, nome: 'Loja Centro' } },
  'a reply': { respondendoA: { id: 'm0', autor: 'atendente', tipo: 'text', conteudo: 'Posso ajudar?' } },
  'a reaction': { tipo: 'reaction', conteudo: '👍', reagindoA: 'm0' },
  'an edited text': { editada: true, conteudo: 'Oi, tudo certo?' },
  'a deleted message': { apagada: true, conteudo: '' },
};

describe('the realtime message', () => {
  for (const [kind, p] of Object.entries(kinds)) {
    it(`rebuilds ${kind} as HTTP gives it, from what the socket carries`, () => {
      const msg = { ...base, ...p };
      const wire = JSON.parse(JSON.stringify(presentRealtimeMessage(msg, row, 'master-1')));
      expect(mensagemDoEvento(wire)).toEqual(msg);
    });
  }

  it('does not carry the message a second time beside the spec fields', () => {
    const wire = presentRealtimeMessage(base, row, null);
    expect(Object.keys(wire)).not.toContain('mensagem');
    expect(wire.detalhes).toEqual({ autor: 'cliente', atendenteId: null, atendenteNome: null, status: 'delivered' });
    expect([wire.from, wire.content, wire.message.source, wire.mensagensNaoLidas]).toEqual([
      '5511987654321',
      'Oi, tudo bem?',
      'whatsapp',
      2,
    ]);
  });
});
