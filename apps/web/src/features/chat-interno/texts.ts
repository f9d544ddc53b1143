/**
 * Screen labels of the internal chat (spec part 2 §2). Toasts, inline errors and validation texts come from
 * `@balcao/shared/chat-interno` (§5, §8); these are the words the spec gives for the screens themselves, plus the
 * accessible names of icon buttons, which the spec leaves to us. The toggle's own words are in `launcher-texts.ts`.
 */
export const LISTA_TEXTS = {
  titulo: 'Conversas',
  novo: 'Nova conversa ou grupo',
  novaConversa: 'Nova conversa',
  novoGrupo: 'Novo grupo',
  buscar: 'Buscar conversa...',
  nenhumaEncontrada: 'Nenhuma conversa encontrada',
  nenhumaDisponivel: 'Nenhuma conversa disponível',
  cliqueMais: 'Clique no botão + para iniciar uma conversa',
  iniciarNova: 'Iniciar nova conversa',
} as const;

export const NOVA_CONVERSA_TEXTS = {
  titulo: 'Nova Conversa',
  descricao: 'Escolha um usuário para conversar.',
  buscar: 'Buscar usuários...',
  nenhum: 'Nenhum usuário encontrado',
  carregando: 'Carregando usuários...',
  umSelecionado: '1 usuário selecionado',
  cancelar: 'Cancelar',
  criar: 'Criar conversa',
  criando: 'Criando...',
  erro: 'Erro',
} as const;

export const NOVO_GRUPO_TEXTS = {
  titulo: 'Criar Novo Grupo',
  descricao: 'Dê um nome ao grupo e escolha quem participa.',
  nome: 'Nome do grupo',
  nomePlaceholder: 'Ex.: Equipe de suporte',
  usuarios: 'Usuários',
  departamentos: 'Departamentos',
  buscarUsuarios: 'Buscar usuários...',
  buscarDepartamentos: 'Buscar departamentos...',
  nenhumDepartamento: 'Nenhum departamento encontrado',
  carregandoDepartamentos: 'Carregando departamentos...',
  resumo: (u: number, d: number) =>
    `${u} ${u === 1 ? 'usuário' : 'usuários'} e ${d} ${d === 1 ? 'departamento' : 'departamentos'} selecionados`,
  criar: 'Criar grupo',
  criando: 'Criando grupo...',
  cancelar: 'Cancelar',
} as const;

export const CONVERSA_TEXTS = {
  participantes: (n: number) => `${n} participante(s)`,
  admins: (n: number) => `${n} admin(s)`,
  opcoes: 'Opções da conversa',
  verGrupo: 'Ver grupo',
  editarNome: 'Editar nome do grupo',
  nomeGrupo: 'Nome do grupo',
  salvarNome: 'Salvar nome',
  cancelarNome: 'Cancelar edição',
  carregarAnteriores: 'Carregar mensagens anteriores',
  vazia: 'Nenhuma mensagem encontrada',
  vaziaLinha: 'Envie a primeira mensagem para iniciar a conversa',
  nenhumaSelecionada: 'Selecione uma conversa',
  nenhumaSelecionadaLinha: 'Escolha uma conversa existente ou inicie uma nova',
  mensagens: 'Mensagens',
  tentarNovamente: 'Tentar novamente',
  naoEnviada: 'Não enviada',
  enviando: 'Enviando',
  hoje: 'Hoje',
  ontem: 'Ontem',
  desconectado: 'Reconectando ao chat...',
} as const;

export const COMPOSER_TEXTS = {
  anexar: 'Anexar arquivo',
  imagens: 'Imagens',
  videos: 'Vídeos',
  documentos: 'Documentos',
  placeholder: 'Digite sua mensagem...',
  dica: 'Enter envia a mensagem; Shift+Enter quebra a linha.',
  enviar: 'Enviar mensagem',
  selecionados: (n: number) => `Arquivos selecionados (${n})`,
  enviandoArquivos: 'Enviando arquivos...',
  remover: (nome: string) => `Remover ${nome}`,
} as const;

export const PARTICIPANTES_TEXTS = {
  titulo: 'Participantes do Grupo',
  descricao: 'Quem participa deste grupo.',
  alterarFoto: 'Alterar foto do grupo',
  participantes: (n: number) => `${n} participante(s)`,
  admins: (n: number) => `${n} administrador(es)`,
  voceAdmin: 'Você é administrador',
  apenasAdmins: 'Apenas admins podem alterar',
  adicionar: 'Adicionar',
  sair: 'Sair do grupo',
  buscar: 'Buscar participantes...',
  voce: 'Você',
  admin: 'Admin',
  departamento: 'Departamento',
  promover: (nome: string) => `Promover ${nome} a administrador`,
  remover: (nome: string) => `Remover ${nome}`,
  nenhum: 'Nenhum participante encontrado',
  fechar: 'Fechar',
} as const;

export const ADICIONAR_TEXTS = {
  titulo: 'Adicionar Participantes',
  descricao: 'Escolha usuários ou departamentos para entrar no grupo.',
  adicionar: 'Adicionar',
  adicionando: 'Adicionando...',
  cancelar: 'Cancelar',
  jaNoGrupo: 'Já está no grupo',
} as const;

export const MENSAGEM_TEXTS = {
  audio: 'Arquivo de áudio',
  documento: 'Documento',
  baixar: 'Baixar',
  abrirImagem: 'Abrir imagem em nova aba',
} as const;

export const VIDEO_TEXTS = {
  abrirNovaAba: 'Abrir em nova aba',
  reproduzir: 'Reproduzir (k)',
  pausar: 'Pausar (k)',
  voltar: 'Voltar 10 segundos (j)',
  avancar: 'Avançar 10 segundos (l)',
  velocidade: 'Velocidade de reprodução',
  silenciar: 'Silenciar (m)',
  ativarSom: 'Ativar som (m)',
  volume: 'Volume',
  progresso: 'Posição do vídeo',
  telaCheia: 'Tela cheia (f)',
  sairTelaCheia: 'Sair da tela cheia (f)',
  baixar: 'Baixar vídeo',
  carregando: 'Carregando vídeo',
  player: 'Reprodutor de vídeo',
} as const;
