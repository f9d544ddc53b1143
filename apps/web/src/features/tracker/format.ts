import type { TMensagem } from '@balcao/shared/atendimentos';
import {
  CARTA_INCERTA,
  CARTAS_NUMERICAS,
  TITULO_TAREFA_MAX,
  type TAtividade,
  type TColuna,
  type TTarefa,
  type TVotacao,
} from '@balcao/shared/tracker';

/** The sort key a card gets when dropped at `index` of a column (the others, without it): what the server will pick. */
export function ordemEntre(outras: readonly TTarefa[], index: number): number {
  const antes = outras[index - 1]?.ordem;
  const depois = outras[index]?.ordem;
  if (antes === undefined) return depois === undefined ? 1024 : depois - 1024;
  if (depois === undefined) return antes + 1024;
  return (antes + depois) / 2;
}

/** After the reveal: how many chose each card, the median of the numeric votes, and their spread. */
export function estatisticas(v: TVotacao) {
  const valores = v.votos.map((x) => x.valor).filter((x) => x !== null);
  const numeros = valores.filter((x): x is (typeof CARTAS_NUMERICAS)[number] => x !== CARTA_INCERTA).sort((a, b) => a - b);
  const contagem = new Map<string, number>();
  for (const x of valores) contagem.set(String(x), (contagem.get(String(x)) ?? 0) + 1);
  const meio = Math.floor(numeros.length / 2);
  const mediana = numeros.length ? (numeros.length % 2 ? numeros[meio]! : (numeros[meio - 1]! + numeros[meio]!) / 2) : null;
  // The card the team most likely means: the smallest one at or above the median.
  const sugestao = mediana === null ? null : (CARTAS_NUMERICAS.find((c) => c >= mediana) ?? null);
  return {
    contagem,
    mediana,
    sugestao,
    min: numeros[0] ?? null,
    max: numeros[numeros.length - 1] ?? null,
  };
}

const nomeColuna = (colunas: readonly TColuna[], id: unknown) => colunas.find((c) => c.id === id)?.nome ?? String(id);
const CAMPOS: Record<string, string> = {
  titulo: 'o título',
  descricao: 'a descrição',
  descricaoPublica: 'a descrição pública',
  prioridade: 'a prioridade',
  responsaveis: 'os responsáveis',
  etiquetas: 'as etiquetas',
  prazo: 'o prazo',
  notificarCliente: 'o aviso ao cliente',
};

/** One line of the activity log, in words. */
export function describeAtividade(a: TAtividade, colunas: readonly TColuna[]): string {
  const quem = a.usuario?.nome ?? 'Alguém';
  switch (a.tipo) {
    case 'criada':
      return `${quem} criou a tarefa`;
    case 'status':
      return `${quem} moveu de ${nomeColuna(colunas, a.dados.de)} para ${nomeColuna(colunas, a.dados.para)}`;
    case 'campo':
      return `${quem} alterou ${CAMPOS[String(a.dados.campo)] ?? String(a.dados.campo)}`;
    case 'comentario':
      return `${quem} comentou`;
    case 'complexidade':
      return a.dados.valor === null ? `${quem} limpou a complexidade` : `${quem} definiu a complexidade em ${String(a.dados.valor)}`;
    case 'publicada':
      return `${quem} tornou a tarefa pública`;
    case 'despublicada':
      return `${quem} deixou de compartilhar a tarefa`;
    case 'avisoCliente':
      return a.dados.enviado === true
        ? 'O cliente foi avisado da conclusão pela conversa'
        : `O cliente não foi avisado da conclusão. ${String(a.dados.motivo ?? '')}`.trim();
    case 'anexo':
      return `${quem} anexou ${String(a.dados.nome)}`;
    case 'anexoRemovido':
      return `${quem} removeu o anexo ${String(a.dados.nome)}`;
  }
}

type MensagemTexto = Pick<TMensagem, 'autor' | 'conteudo' | 'tipo'>;
const ehTexto = (m: MensagemTexto) => m.tipo === 'text' && m.conteudo.trim() !== '';
const citar = (m: MensagemTexto) => {
  const texto = m.conteudo.trim().replace(/\n/g, '\n> ');
  return m.autor === 'cliente' ? `> ${texto}` : `> Atendente: ${texto}`;
};

/** The conversation's messages one may pick for a task: what the customer and staff wrote (no notices), the latest `n`, oldest first. */
export const mensagensEscolhiveis = <M extends MensagemTexto>(mensagens: readonly M[], n = 20) =>
  mensagens.filter((m) => m.autor !== 'sistema' && ehTexto(m)).slice(-n);

/** The pick a new task starts with: the customer's latest `n` texts. */
export const escolhaInicial = <M extends MensagemTexto>(mensagens: readonly M[], n = 3) =>
  mensagens.filter((m) => m.autor === 'cliente' && ehTexto(m)).slice(-n);

/**
 * What a task made from chosen messages starts with: the latest customer line as the title (else the latest
 * chosen one) and every chosen message quoted in the description, in the conversation's order.
 */
export function prefillFromMensagens(escolhidas: readonly MensagemTexto[]) {
  const textos = escolhidas.filter(ehTexto);
  const doCliente = textos.filter((m) => m.autor === 'cliente');
  const base = doCliente[doCliente.length - 1] ?? textos[textos.length - 1];
  const primeira = base?.conteudo.split('\n')[0]?.trim() ?? '';
  return {
    titulo: primeira.slice(0, Math.min(TITULO_TAREFA_MAX, 80)),
    descricao: textos.map(citar).join('\n\n'),
  };
}
