/** Spec part 2 §8 (internal chat): each toast shows the server's text when present, else this fallback. */
export const CHAT_INTERNO_FALHAS = {
  carregarConversas: 'Não foi possível carregar as conversas',
  enviar: 'Não foi possível enviar a mensagem',
  criarConversa: 'Não foi possível criar a conversa',
  criarGrupo: 'Erro ao criar grupo. Tente novamente.',
  adicionar: 'Não foi possível adicionar o participante',
  remover: 'Não foi possível remover o participante',
  sair: 'Não foi possível sair da conversa',
  promover: 'Não foi possível promover o participante a administrador',
  renomear: 'Não foi possível alterar o nome do grupo',
  foto: 'Não foi possível atualizar a foto do grupo',
} as const;

/** Spec part 2 §8: inline texts. */
export const CHAT_INTERNO_INLINE = {
  conversaNaoEncontrada: 'Conversa não encontrada',
  erroCarregarConversa: 'Erro ao carregar a conversa',
  erroCarregarUsuarios: 'Erro ao carregar usuários',
  erroCarregarDepartamentos: 'Erro ao carregar departamentos',
  erroAdicionarParticipantes: 'Erro ao adicionar participantes. Tente novamente.',
  erroVideo: 'Erro ao carregar vídeo',
} as const;

/** Spec part 2 §8: permission toasts; the server refuses with the same words. */
export const CHAT_INTERNO_PERMISSOES = {
  apenasAdminFoto: 'Apenas administradores podem alterar a foto do grupo',
  apenasAdminAdicionar: 'Apenas administradores podem adicionar participantes',
  apenasAdminPromover: 'Apenas administradores podem promover outros participantes',
  apenasAdminRemover: 'Apenas administradores podem remover participantes',
  jaAdmin: 'Você já é administrador',
  naoRemoverSiMesmo: 'Você não pode remover a si mesmo. Use a opção "Sair do grupo"',
  // Not in the spec's catalogue; same wording as its siblings.
  apenasAdminRenomear: 'Apenas administradores podem alterar o nome do grupo',
  apenasMasterDepartamentos: 'Apenas o master pode incluir departamentos nas conversas',
  departamentoNaoPromove: 'Departamentos não podem ser promovidos a administrador',
  participanteJaAdmin: 'Este participante já é administrador',
} as const;

/** Spec part 2 §8: success toasts. */
export const CHAT_INTERNO_SUCESSOS = {
  conversaCriada: 'Conversa criada com sucesso',
  participanteAdicionado: 'Participante adicionado com sucesso',
  participanteRemovido: 'Participante removido com sucesso',
  saiu: 'Você saiu da conversa',
  promovido: 'Participante promovido a administrador',
  nomeAlterado: 'Nome do grupo alterado com sucesso',
  fotoAtualizada: 'Foto do grupo atualizada com sucesso',
} as const;

/** Spec part 2 §5 (and §8 "Upload"): validation texts, plus the server's own refusals in the same voice. */
export const CHAT_INTERNO_VALIDACAO = {
  nomeGrupoObrigatorio: 'Digite um nome para o grupo',
  nomeGrupoLongo: 'O nome do grupo deve ter no máximo 50 caracteres',
  nomeGrupoIgual: 'O novo nome deve ser diferente do atual',
  grupoMinimo: 'Selecione pelo menos 2 participantes usuários ou 1 departamento para criar um grupo',
  selecioneUsuario: 'Selecione um usuário',
  selecioneParticipante: 'Selecione pelo menos um participante para adicionar',
  mensagemVazia: 'Digite uma mensagem ou anexe um arquivo',
  mensagemLonga: 'A mensagem é longa demais',
  midiaObrigatoria: 'Envie o arquivo antes de enviar a mensagem',
  midiaInvalida: 'Endereço de arquivo inválido',
  idInvalido: 'Identificador inválido',
  urlNaoRecebida: 'URL não recebida do servidor após upload',
  falhaUpload: (filename: string) => `Falha ao fazer upload do arquivo ${filename}`,
  arquivoTipo: 'Tipo de arquivo não permitido',
  fotoGrupoTipo: 'Apenas imagens JPG, PNG e WebP são permitidas',
  arquivoGrande: (limite: string) => `O arquivo deve ter no máximo ${limite}`,
  apenasGrupos: 'Esta ação só é possível em grupos',
  sairDireta: 'Não é possível sair de uma conversa direta',
  participanteNaoEncontrado: 'Participante não encontrado',
  participanteJaNoGrupo: 'Este participante já está no grupo',
  usuarioNaoEncontrado: 'Usuário não encontrado',
  departamentoNaoEncontrado: 'Departamento não encontrado',
  mensagemNaoEncontrada: 'Mensagem não encontrada',
} as const;

/** System notices (origemTipo Aviso) written into a group's history. */
export const CHAT_INTERNO_AVISOS = {
  grupoCriado: (ator: string, nome: string) => `${ator} criou o grupo "${nome}"`,
  adicionou: (ator: string, nome: string) => `${ator} adicionou ${nome}`,
  adicionouDepartamento: (ator: string, nome: string) => `${ator} adicionou o departamento ${nome}`,
  removeu: (ator: string, nome: string) => `${ator} removeu ${nome}`,
  removeuDepartamento: (ator: string, nome: string) => `${ator} removeu o departamento ${nome}`,
  saiu: (nome: string) => `${nome} saiu do grupo`,
  renomeou: (ator: string, nome: string) => `${ator} alterou o nome do grupo para "${nome}"`,
  promoveu: (ator: string, nome: string) => `${ator} promoveu ${nome} a administrador`,
  virouAdmin: (nome: string) => `${nome} agora é administrador`,
  alterouFoto: (ator: string) => `${ator} alterou a foto do grupo`,
} as const;

/** Spec part 2 §2 (list) and §4 (previews): what a row shows when the title or text is missing. */
export const CHAT_INTERNO_ROTULOS = {
  grupo: 'Grupo',
  conversa: 'Conversa',
  semMensagens: 'Sem mensagens',
  previaFoto: '[Foto]',
  previaVideo: '[Vídeo]',
  previaArquivo: '[Arquivo]',
  previaPropria: (texto: string) => `Você: ${texto}`,
} as const;
