import { describe, expect, it } from 'vitest';
import type { TTarefa, TVotacao } from '@balcao/shared/tracker';
import { describeAtividade, escolhaInicial, estatisticas, mensagensEscolhiveis, ordemEntre, prefillFromMensagens } from './format';

const t = (ordem: number) => ({ ordem }) as TTarefa;
const votacao = (valores: (number | '?' | null)[]): TVotacao => ({
  tarefaId: 'x',
  rodada: 1,
  aberta: true,
  revelada: true,
  moderadorId: null,
  votos: valores.map((valor, i) => ({ usuarioId: String(i), nome: `P${i}`, valor: valor as never })),
});

describe('tracker format', () => {
  it('places a dropped card between its new neighbours', () => {
    expect(ordemEntre([], 0)).toBe(1024);
    expect(ordemEntre([t(1024), t(2048)], 0)).toBe(0);
    expect(ordemEntre([t(1024), t(2048)], 1)).toBe(1536);
    expect(ordemEntre([t(1024), t(2048)], 2)).toBe(3072);
  });

  it('gives the distribution, the median, the spread and the card to suggest', () => {
    const s = estatisticas(votacao([3, 8, 5, '?', 8]));
    expect(Object.fromEntries(s.contagem)).toEqual({ 3: 1, 8: 2, 5: 1, '?': 1 });
    expect([s.mediana, s.sugestao, s.min, s.max]).toEqual([6.5, 8, 3, 8]);
    expect(estatisticas(votacao(['?'])).mediana).toBeNull();
  });

  it('says an activity in words', () => {
    const colunas = [
      { id: 'a-fazer', nome: 'A fazer', ordem: 0 },
      { id: 'concluida', nome: 'Concluída', ordem: 1 },
    ];
    const a = { id: '1', usuario: { id: 'u', nome: 'Ana' }, criadaEm: '' };
    expect(describeAtividade({ ...a, tipo: 'status', dados: { de: 'a-fazer', para: 'concluida' } }, colunas)).toBe(
      'Ana moveu de A fazer para Concluída',
    );
    expect(describeAtividade({ ...a, tipo: 'campo', dados: { campo: 'prazo' } }, colunas)).toBe('Ana alterou o prazo');
    expect(describeAtividade({ ...a, tipo: 'avisoCliente', dados: { enviado: true } }, colunas)).toBe(
      'O cliente foi avisado da conclusão pela conversa',
    );
    expect(describeAtividade({ ...a, tipo: 'avisoCliente', dados: { enviado: false, motivo: 'A janela fechou.' } }, colunas)).toBe(
      'O cliente não foi avisado da conclusão. A janela fechou.',
    );
    expect(describeAtividade({ ...a, tipo: 'anexo', dados: { nome: 'tela.png' } }, colunas)).toBe('Ana anexou tela.png');
    expect(describeAtividade({ ...a, tipo: 'anexoRemovido', dados: { nome: 'tela.png' } }, colunas)).toBe('Ana removeu o anexo tela.png');
  });

  it('prefills a task from the chosen messages: by default the customer’s latest texts', () => {
    const m = (autor: 'cliente' | 'atendente' | 'sistema', conteudo: string, tipo: 'text' | 'image' = 'text') => ({
      autor,
      conteudo,
      tipo,
    });
    const conversa = [
      m('cliente', 'Oi'),
      m('sistema', 'Ana iniciou o atendimento.'),
      m('atendente', 'Olá!'),
      m('cliente', 'foto', 'image'),
      m('cliente', 'O boleto não gera\nno app'),
    ];
    expect(mensagensEscolhiveis(conversa).map((x) => x.conteudo)).toEqual(['Oi', 'Olá!', 'O boleto não gera\nno app']);
    expect(prefillFromMensagens(escolhaInicial(conversa))).toEqual({
      titulo: 'O boleto não gera',
      descricao: '> Oi\n\n> O boleto não gera\n> no app',
    });
    expect(prefillFromMensagens([conversa[0]!, conversa[2]!])).toEqual({ titulo: 'Oi', descricao: '> Oi\n\n> Atendente: Olá!' });
    expect(prefillFromMensagens([conversa[2]!])).toEqual({ titulo: 'Olá!', descricao: '> Atendente: Olá!' });
    expect(prefillFromMensagens([])).toEqual({ titulo: '', descricao: '' });
  });
});
