import { describe, expect, it } from 'vitest';
import { normalizarResposta, textoDoMenu } from '@balcao/shared/atendimento-automatico';
import { closedSince } from './horario';
import { chosenOption } from './respostas';

const SP = 'America/Sao_Paulo';
const utc = (iso: string) => new Date(iso);
// Weekdays 08:00–12:00 and 13:00–18:00; Friday evening 22:00 to Saturday 02:00 across midnight.
const semana = [1, 2, 3, 4, 5].map((dia) => ({
  dia,
  periodos: [
    { inicio: '08:00', fim: '12:00' },
    { inicio: '13:00', fim: '18:00' },
    ...(dia === 5 ? [{ inicio: '22:00', fim: '23:59' }] : []),
  ],
}));
const horarios = { dias: [...semana, { dia: 6, periodos: [{ inicio: '00:00', fim: '02:00' }] }], feriados: ['2026-12-25'] };

describe('business hours in the account zone', () => {
  it('is open inside a period and closed at lunch since the morning period ended (São Paulo is UTC-3)', () => {
    // Wednesday 2026-12-02 10:00 in São Paulo.
    expect(closedSince(horarios, utc('2026-12-02T13:00:00Z'), SP)).toBeNull();
    expect(closedSince(horarios, utc('2026-12-02T15:30:00Z'), SP)).toEqual(utc('2026-12-02T15:00:00Z'));
  });

  it('at night and early the next morning is the same closed period, which began at 18:00', () => {
    const since = utc('2026-12-02T21:00:00Z');
    expect(closedSince(horarios, utc('2026-12-03T01:00:00Z'), SP)).toEqual(since);
    expect(closedSince(horarios, utc('2026-12-03T10:59:00Z'), SP)).toEqual(since);
    expect(closedSince(horarios, utc('2026-12-03T11:00:00Z'), SP)).toBeNull();
  });

  it('keeps a period across midnight open (Friday 22:00 to Saturday 02:00) and closes after it', () => {
    expect(closedSince(horarios, utc('2026-12-05T02:30:00Z'), SP)).toBeNull(); // Friday 23:30
    expect(closedSince(horarios, utc('2026-12-05T03:30:00Z'), SP)).toBeNull(); // Saturday 00:30
    expect(closedSince(horarios, utc('2026-12-05T06:00:00Z'), SP)).toEqual(utc('2026-12-05T05:00:00Z')); // Saturday 03:00
  });

  it('closes a holiday all day: the closed period runs from the day before', () => {
    // Friday 2026-12-25 10:00: closed since Thursday 18:00.
    expect(closedSince(horarios, utc('2026-12-25T13:00:00Z'), SP)).toEqual(utc('2026-12-24T21:00:00Z'));
  });

  it('reads the wall clock of the zone given (Lisbon is UTC+0 in December)', () => {
    expect(closedSince(horarios, utc('2026-12-02T10:00:00Z'), 'Europe/Lisbon')).toBeNull();
    expect(closedSince(horarios, utc('2026-12-02T10:00:00Z'), SP)).toEqual(utc('2026-12-01T21:00:00Z'));
  });

  it('with no period at all is closed since always (once per conversation)', () => {
    expect(closedSince({ dias: [], feriados: [] }, new Date(), SP)).toEqual(new Date(0));
  });
});

describe('welcome menu answers', () => {
  const opcoes = [
    { numero: 1, texto: 'Vendas', departamentoId: 'a' },
    { numero: 2, texto: 'Suporte Técnico', departamentoId: 'b' },
  ];
  it('take the number or the text without accents and case', () => {
    expect(chosenOption(opcoes, ' 2 ')?.departamentoId).toBe('b');
    expect(chosenOption(opcoes, 'SUPORTE tecnico')?.departamentoId).toBe('b');
    expect(chosenOption(opcoes, 'vendas')?.numero).toBe(1);
    expect(chosenOption(opcoes, '9')).toBeNull();
    expect(chosenOption(opcoes, 'quero suporte')).toBeNull();
  });
  it('show the greeting and one option a line', () => {
    expect(textoDoMenu({ saudacao: 'Olá!', opcoes })).toBe('Olá!\n\n1 - Vendas\n2 - Suporte Técnico\n\nDigite 0 para ver o menu de novo.');
    expect(normalizarResposta('  Ação  RÁPIDA ')).toBe('acao rapida');
  });
});
