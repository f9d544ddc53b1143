/** The board every account starts with; admins rename, add and reorder columns (a task's `status` is a column id). */
export const COLUNAS_PADRAO = [
  { id: 'a-fazer', nome: 'A fazer' },
  { id: 'em-andamento', nome: 'Em andamento' },
  { id: 'em-revisao', nome: 'Em revisão' },
  { id: 'concluida', nome: 'Concluída' },
] as const;
/** The column that means done: reaching it may tell the linked customer (opt-in per task). */
export const COLUNA_CONCLUIDA = 'concluida';
export const COLUNA_INICIAL = 'a-fazer';

export const PRIORIDADES = ['baixa', 'media', 'alta', 'urgente'] as const;
export type TPrioridade = (typeof PRIORIDADES)[number];
export const PRIORIDADE_NOMES: Record<TPrioridade, string> = { baixa: 'Baixa', media: 'Média', alta: 'Alta', urgente: 'Urgente' };

/** Planning-poker cards: Fibonacci and "?" (not sure). */
export const CARTAS_NUMERICAS = [1, 2, 3, 5, 8, 13, 21] as const;
export const CARTA_INCERTA = '?';
export const CARTAS = [...CARTAS_NUMERICAS, CARTA_INCERTA] as const;

export const TITULO_TAREFA_MAX = 200;
export const DESCRICAO_TAREFA_MAX = 20_000;
export const COMENTARIO_MAX = 5_000;
export const ETIQUETA_MAX = 40;
export const ETIQUETAS_MAX = 20;
export const RESPONSAVEIS_MAX = 20;
export const COLUNAS_MAX = 12;
export const COLUNA_NOME_MAX = 40;
/** Files on one task: far above a real bug report's screenshots and logs, far below a page that hurts. */
export const ANEXOS_POR_TAREFA_MAX = 50;
/** A task's files live per account in the uploads' storage (lib/storage), apart from chat and conversation media. */
export const tarefaAnexosKind = (accountId: string) => `tracker/${accountId}`;
/** A board column's first page and the list's page size. */
export const TAREFAS_POR_PAGINA = 50;
/** Public task ids: 24 random base64url characters (144 bits), never the id or the number. */
export const PUBLIC_ID_BYTES = 18;
export const PUBLIC_TAREFA_PATH = '/public/tracker/tarefas';
export const TRACKER_API = '/backend/api/tracker';

export const TRACKER_TEXTS = {
  tituloVazio: 'Informe o título da tarefa.',
  tarefaNaoEncontrada: 'Tarefa não encontrada.',
  colunaInvalida: 'Escolha uma coluna do quadro.',
  colunaComTarefas: 'Mova as tarefas desta coluna antes de removê-la.',
  colunasVazias: 'O quadro precisa de ao menos uma coluna.',
  colunaNomeVazio: 'Informe o nome da coluna.',
  colunasRepetidas: 'Há colunas repetidas.',
  responsavelInvalido: 'Responsável não encontrado.',
  mencaoInvalida: 'Pessoa mencionada não encontrada.',
  atendimentoInvalido: 'Atendimento não encontrado.',
  clienteInvalido: 'Cliente não encontrado.',
  comentarioVazio: 'Escreva o comentário.',
  cartaInvalida: 'Escolha uma das cartas: 1, 2, 3, 5, 8, 13, 21 ou ?.',
  complexidadeInvalida: 'A complexidade final deve ser 1, 2, 3, 5, 8, 13 ou 21.',
  semVotacao: 'Não há votação aberta para esta tarefa.',
  somenteModerador: 'Somente quem abriu a votação ou um administrador pode fazer isso.',
  somenteAdministradores: 'Somente administradores podem fazer isso.',
  somenteAutorOuAdmin: 'Somente quem criou a tarefa ou um administrador pode excluí-la.',
  prazoInvalido: 'Informe o prazo como data (AAAA-MM-DD).',
  cursorInvalido: 'Página inválida.',
  anexoNaoEncontrado: 'Anexo não encontrado.',
  anexosDemais: `Esta tarefa já tem ${ANEXOS_POR_TAREFA_MAX} anexos. Remova um antes de enviar outro.`,
  somenteAutorDoAnexoOuAdmin: 'Somente quem enviou o anexo ou um administrador pode removê-lo.',
  /** Why a task's customer was not told on Concluída (the activity log reads "O cliente não foi avisado…"). */
  avisoForaDaJanela: 'A janela de 24 horas do WhatsApp está fechada.',
  avisoCanalInativo: 'O canal da conversa está pausado ou foi removido.',
  avisoSemAlcance: 'Este canal não pode escrever primeiro a este cliente.',
} as const;

/** What the linked customer gets on their channel when their task reaches Concluída (opt-in per task, sent once). */
export function textoAvisoConcluida(t: { numero: number; titulo: string }, publicUrl: string | null): string {
  const link = publicUrl ? ` Veja os detalhes em: ${publicUrl}` : '';
  return `Olá! Sua solicitação #${t.numero} (${t.titulo}) foi concluída.${link} Obrigado pelo contato!`;
}
