import type { TAtendimento } from '@balcao/shared/atendimentos';

/** The inbox's own texts (issue 3: the spec does not show this screen; designed after Chatwoot/Whaticket). */
export const INBOX_TEXTS = {
  titulo: 'Atendimentos',
  buscar: 'Buscar nome ou número',
  todosDepartamentos: 'Todos os departamentos',
  filtrarDepartamento: 'Filtrar por departamento',
  semMensagens: 'Sem mensagens',
  carregarMais: 'Carregar mais',
  listaVazia: {
    aguardando: ['Nenhum cliente aguardando', 'Novas conversas aparecem aqui assim que chegam.'],
    em_atendimento: ['Nenhum atendimento em andamento', 'Aceite uma conversa na aba Aguardando para começar.'],
    finalizado: ['Nenhum atendimento finalizado', 'Os atendimentos encerrados ficam guardados aqui.'],
  },
  buscaVazia: ['Nenhuma conversa encontrada', 'Tente outro nome, número ou departamento.'],
  limparFiltros: 'Limpar filtros',
  verAguardando: 'Ver aguardando',
  erroLista: 'Não foi possível carregar as conversas.',
  tentarNovamente: 'Tentar novamente',
  nenhumaSelecionada: ['Selecione uma conversa', 'Escolha um atendimento na lista para ver as mensagens.'],
  conectado: 'Conectado',
  reconectando: 'Reconectando...',
  desconectado: 'Desconectado',
  voltar: 'Voltar para a lista',
  aceitar: 'Aceitar',
  transferir: 'Transferir',
  finalizar: 'Finalizar',
  mais: 'Mais ações',
  painelCliente: 'Dados do cliente',
  digitando: 'digitando...',
  online: 'online',
  aguardandoEm: (dep: string | null) => (dep ? `Aguardando · ${dep}` : 'Aguardando na fila'),
  comAtendente: (nome: string | null) => (nome ? `Com ${nome}` : 'Em atendimento'),
  finalizadoEm: (quando: string) => `Finalizado em ${quando}`,
  aceito: 'Atendimento aceito.',
  transferido: 'Atendimento transferido.',
  finalizado: 'Atendimento finalizado.',
  erroAcao: 'Não foi possível concluir a ação. Tente novamente.',
  semPerfil: 'Seu perfil não atende clientes.',
  semPerfilLinha: 'Atendimentos a clientes ficam com atendentes e administradores.',
} as const;

export const MENSAGENS_TEXTS = {
  carregarAnteriores: 'Carregar mensagens anteriores',
  carregando: 'Carregando...',
  vazia: ['Nenhuma mensagem encontrada', 'Envie a primeira mensagem para iniciar a conversa'],
  erro: 'Não foi possível carregar as mensagens.',
  apagada: 'Mensagem apagada',
  editada: 'editada',
  /** A message written by a scheduled message (mensagem agendada). */
  agendada: 'agendada',
  agendadaTitulo: 'Enviada por uma mensagem agendada',
  responder: 'Responder',
  reagiu: 'reagiu',
  reagiuA: 'Reagiu a uma mensagem',
  naoEnviada: 'Não enviada',
  /** A send the provider (WhatsApp) refused: the same message goes back to the queue. */
  reenviar: 'Reenviar',
  naFila: 'Na fila de envio',
  abrirMapa: 'Abrir no mapa',
  contato: 'Contato compartilhado',
  ligarPara: 'Ligar para',
  enviando: 'Enviando',
  enviada: 'Enviada',
  entregue: 'Entregue',
  lida: 'Lida',
  falhou: 'Falhou',
  baixar: 'Baixar',
  abrirImagem: 'Abrir imagem em nova aba',
  documento: 'Documento',
  audio: 'Arquivo de áudio',
  localizacao: 'Localização',
  voce: 'Você',
  cliente: 'Cliente',
} as const;

export const COMPOSER_TEXTS = {
  placeholder: 'Digite sua mensagem...',
  anexar: 'Anexar arquivo',
  enviar: 'Enviar',
  aceiteParaResponder: 'Aceite o atendimento para responder.',
  finalizado: 'Atendimento finalizado.',
  comOutro: (nome: string | null) => (nome ? `Este atendimento está com ${nome}.` : 'Este atendimento está com outro atendente.'),
  respondendoA: 'Respondendo a',
  cancelarResposta: 'Cancelar resposta',
  remover: 'Remover arquivo',
  arquivosSelecionados: (n: number) => `Arquivos selecionados (${n})`,
  enviandoArquivos: 'Enviando arquivos...',
  dica: 'Enter envia · Shift+Enter quebra a linha · / abre as mensagens rápidas',
  foraDaJanelaTitulo: 'Janela de 24 horas encerrada',
} as const;

export const TRANSFER_TEXTS = {
  titulo: 'Transferir atendimento',
  descricao: 'Escolha um atendente ou devolva a conversa para a fila de um departamento.',
  atendente: 'Atendente',
  departamento: 'Departamento',
  buscarAtendente: 'Buscar atendente...',
  buscarDepartamento: 'Buscar departamento...',
  nenhumAtendente: 'Nenhum atendente encontrado',
  nenhumDepartamento: 'Nenhum departamento encontrado',
  online: 'Online',
  offline: 'Offline',
  membros: (n: number) => (n === 1 ? '1 membro' : `${n} membros`),
  atual: 'atual',
  cancelar: 'Cancelar',
  confirmar: 'Transferir',
  transferindo: 'Transferindo...',
} as const;

export const FINISH_TEXTS = {
  titulo: 'Finalizar atendimento?',
  descricao: 'A conversa vai para Finalizados e o cliente recebe o link de avaliação.',
  cancelar: 'Cancelar',
  confirmar: 'Finalizar',
  finalizando: 'Finalizando...',
} as const;

export const CLIENTE_TEXTS = {
  titulo: 'Cliente',
  fechar: 'Fechar painel',
  numero: 'Número',
  email: 'E-mail',
  identificador: 'Identificador',
  canal: 'Canal',
  departamento: 'Departamento',
  atendente: 'Atendente',
  inicio: 'Início',
  semDepartamento: 'Sem departamento',
  naoInformado: 'Não informado',
  anteriores: 'Atendimentos anteriores',
  nenhumAnterior: 'Nenhum atendimento anterior',
  nenhumAnteriorLinha: 'Este é o primeiro contato deste cliente.',
  erro: 'Não foi possível carregar os dados do cliente.',
  nota: (n: number) => `Nota ${n} de 5`,
  ticket: (n: number) => `#${n}`,
} as const;

/** One atendimento's status (the tabs use the shared plural labels). */
export const STATUS_ITEM: Record<'aguardando' | 'em_atendimento' | 'finalizado', string> = {
  aguardando: 'Aguardando',
  em_atendimento: 'Em atendimento',
  finalizado: 'Finalizado',
};

export const ORIGEM_TEXTS: Record<TAtendimento['origem'], string> = { widget: 'Site', 'widget-response': 'Site', whatsapp: 'WhatsApp' };
