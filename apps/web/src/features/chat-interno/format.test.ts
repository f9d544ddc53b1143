import { describe, expect, it } from 'vitest';
import { formatarTamanho, type TConversa } from '@balcao/shared/chat-interno';
import { textoBadge } from './badge';
import { dataHora, filterConversas, horaMensagem, horaNaLista, previaDaLinha, rotuloDia } from './format';

// 2025-06-11 is a Wednesday; 15:00 UTC is 12:00 in São Paulo (UTC-3).
const AGORA = new Date('2025-06-11T15:00:00Z');
const conversa = (p: Partial<TConversa>): TConversa => ({
  id: 'c1',
  nome: null,
  ehGrupo: false,
  usuariosNomes: ['Ana Admin'],
  departamentosNomes: [],
  adminsNomes: [],
  fotoUrl: null,
  ultimaMensagem: null,
  dataHoraUltimaMensagem: null,
  qtdMensagensNaoVistas: 0,
  ultimaMensagemRemetenteId: null,
  ultimaMensagemOrigemTipo: null,
  participantesIds: ['me', 'ana'],
  departamentosIds: [],
  outroUsuario: null,
  souAdmin: false,
  ...p,
});

describe('horaNaLista (spec part 2 §2)', () => {
  it('shows HH:mm for today in the account zone, not in UTC', () => {
    expect(horaNaLista('2025-06-11T13:05:00Z', AGORA)).toBe('10:05');
    // 01:30 UTC on the 11th is still the 10th in São Paulo: yesterday, so a weekday name.
    expect(horaNaLista('2025-06-11T01:30:00Z', AGORA)).toBe('terça-feira');
  });
  it('shows the weekday name within 7 days and dd/MM/yyyy beyond', () => {
    expect(horaNaLista('2025-06-09T15:00:00Z', AGORA)).toBe('segunda-feira');
    expect(horaNaLista('2025-06-05T15:00:00Z', AGORA)).toBe('quinta-feira');
    expect(horaNaLista('2025-06-04T15:00:00Z', AGORA)).toBe('04/06/2025');
  });
  it('is empty without a date or with a bad one', () => {
    expect(horaNaLista(null, AGORA)).toBe('');
    expect(horaNaLista('não é data', AGORA)).toBe('');
  });
});

describe('message times', () => {
  it('reads HH:mm and dd/MM/yy HH:mm in the zone, and Data inválida when unparsable (spec §5)', () => {
    expect(horaMensagem('2025-06-11T23:59:00Z')).toBe('20:59');
    expect(dataHora('2025-06-11T23:59:00Z')).toBe('11/06/25 20:59');
    expect(dataHora('xx')).toBe('Data inválida');
  });
  it('labels day separators Hoje, Ontem or the date', () => {
    const r = { hoje: 'Hoje', ontem: 'Ontem' };
    expect(rotuloDia('2025-06-11T12:00:00Z', r, AGORA)).toBe('Hoje');
    expect(rotuloDia('2025-06-10T12:00:00Z', r, AGORA)).toBe('Ontem');
    expect(rotuloDia('2025-06-01T12:00:00Z', r, AGORA)).toBe('01/06/2025');
  });
});

describe('badge and previews', () => {
  it('caps the unread badge at 99+ and hides zero', () => {
    expect(textoBadge(0)).toBeNull();
    expect(textoBadge(7)).toBe('7');
    expect(textoBadge(99)).toBe('99');
    expect(textoBadge(100)).toBe('99+');
  });
  it("prefixes the viewer's own last message with 'Você: ' and reads 'Sem mensagens' when empty", () => {
    const eu = { id: 'me', nome: 'Marta Master' };
    expect(previaDaLinha(conversa({}), eu)).toBe('Sem mensagens');
    expect(previaDaLinha(conversa({ ultimaMensagem: 'Oi', ultimaMensagemRemetenteId: 'me' }), eu)).toBe('Você: Oi');
    expect(previaDaLinha(conversa({ ultimaMensagem: '[Foto] praia', ultimaMensagemRemetenteId: 'me' }), eu)).toBe('Você: [Foto] praia');
    expect(previaDaLinha(conversa({ ultimaMensagem: '[Vídeo]', ultimaMensagemRemetenteId: 'ana' }), eu)).toBe('[Vídeo]');
    // A notice the viewer caused names him already.
    const aviso = {
      ultimaMensagem: 'Marta Master criou o grupo "X"',
      ultimaMensagemRemetenteId: 'me',
      ultimaMensagemOrigemTipo: 2 as const,
    };
    expect(previaDaLinha(conversa(aviso), eu)).toBe('Marta Master criou o grupo "X"');
  });
  it("decides 'Você:' by the author, not the text: an own message that starts with the own name keeps it", () => {
    const eu = { id: 'me', nome: 'Marta Master' };
    const propria = {
      ultimaMensagem: 'Marta Master aqui, chego às 10h',
      ultimaMensagemRemetenteId: 'me',
      ultimaMensagemOrigemTipo: 1 as const,
    };
    expect(previaDaLinha(conversa(propria), eu)).toBe('Você: Marta Master aqui, chego às 10h');
  });
  it('sizes read Bytes, KB, MB or GB (shared helper used by the files grid)', () => {
    expect(formatarTamanho(512)).toBe('512 Bytes');
    expect(formatarTamanho(1536)).toBe('1,5 KB');
    expect(formatarTamanho(850_074)).toBe('830,15 KB');
    expect(formatarTamanho(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatarTamanho(3 * 1024 ** 3)).toBe('3 GB');
  });
});

describe('filterConversas (spec §2 search)', () => {
  const lista = [
    conversa({ id: 'a', usuariosNomes: ['João Silva'] }),
    conversa({ id: 'b', ehGrupo: true, nome: 'Suporte', usuariosNomes: ['Ana'], departamentosNomes: ['Comercial'] }),
    conversa({ id: 'c', usuariosNomes: ['Bia'], ultimaMensagem: 'reunião às 15h' }),
  ];
  it('finds by user name without accents, department name, group name or last message', () => {
    expect(filterConversas(lista, 'joao').map((c) => c.id)).toEqual(['a']);
    expect(filterConversas(lista, 'comer').map((c) => c.id)).toEqual(['b']);
    expect(filterConversas(lista, 'suporte').map((c) => c.id)).toEqual(['b']);
    expect(filterConversas(lista, 'REUNIAO').map((c) => c.id)).toEqual(['c']);
    expect(filterConversas(lista, '  ')).toHaveLength(3);
  });
});
