// Copies of constants from @balcao/shared: its modules build zod schemas at load time, so importing even a
// string from them would put zod (~80 KB gzip) into the bundle. texts.test.ts fails if a copy drifts.
export const VISITOR_STORAGE_KEY = 'balcao:visitante';
export const WIDGET_TEXTS = {
  origemNaoPermitida: 'Este site não tem permissão para usar este chat.',
  canalInvalido: 'Canal de chat não encontrado ou desativado.',
  identidadeInvalida: 'Não foi possível verificar sua identidade. Recarregue a página.',
  muitasMensagens: 'Você está enviando mensagens rápido demais. Aguarde um instante.',
  sessaoInvalida: 'Sua sessão de chat expirou. Recarregue a página.',
  muitasSessoes: 'Muitas conversas abertas a partir deste endereço. Aguarde um minuto e tente de novo.',
} as const;
export const UNREAD_CAP = 99;
export const MENSAGEM_MAX_CHARS = 4096;
export const ANEXO_MAX_BYTES = 16 * 1024 * 1024;
export const ANEXO_TEXTS = { anexoTamanho: 'O arquivo deve ter no máximo 16MB.', anexoTipo: 'Tipo de arquivo não permitido.' } as const;
export const ANEXO_MIME_TYPES = [
  'image/jpeg', 'image/png', 'image/webp', 'image/gif',
  'video/mp4', 'video/webm', 'video/quicktime',
  'audio/mpeg', 'audio/ogg', 'audio/mp4', 'audio/wav', 'audio/webm',
  'application/pdf', 'application/zip', 'application/x-rar-compressed', 'application/vnd.rar',
  'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-cfb',
] as const;

/** Every text the visitor sees (pt-BR). */
export const T = {
  atendimento: 'Atendimento',
  abrir: 'Abrir chat',
  fechar: 'Fechar chat',
  popout: 'Abrir em nova janela',
  janela: (nome: string) => `Chat com ${nome}`,
  naoLidas: (n: string) => `${n} mensagens não lidas`,
  mensagens: 'Mensagens',
  placeholder: 'Escreva sua mensagem…',
  enviar: 'Enviar mensagem',
  anexar: 'Anexar arquivo',
  carregarAnteriores: 'Carregar mensagens anteriores',
  carregando: 'Carregando…',
  aguardando: 'Aguardando atendimento',
  emAtendimento: (nome: string | null) => (nome ? `Em atendimento com ${nome}` : 'Em atendimento'),
  finalizado: 'Atendimento finalizado',
  avaliar: 'Avaliar atendimento',
  digitando: (nome: string | null) => (nome ? `${nome} está digitando...` : 'digitando...'),
  pendente: 'Enviando',
  enviada: 'Enviada',
  falhou: 'Não enviada.',
  tentarNovamente: 'Tentar novamente',
  apagada: 'Mensagem apagada',
  editada: 'editada',
  hoje: 'Hoje',
  ontem: 'Ontem',
  voce: 'Você',
  imagem: 'Imagem',
  arquivo: 'Arquivo',
  offline: 'Sem conexão. Suas mensagens serão enviadas quando a conexão voltar.',
  reconectando: 'Reconectando…',
  semConexao: 'Não foi possível conectar ao chat. Verifique sua internet.',
  erroGenerico: 'Algo deu errado. Tente novamente em instantes.',
  enviandoArquivo: 'Enviando arquivo…',
  aguardeConexao: 'Aguarde a conexão com o chat para enviar arquivos.',
  preChatTitulo: 'Antes de começar, conte um pouco sobre você.',
  nome: 'Nome',
  email: 'E-mail',
  telefone: 'Telefone',
  departamento: 'Departamento',
  escolhaDepartamento: 'Escolha um departamento',
  iniciar: 'Iniciar conversa',
  iniciando: 'Iniciando…',
  erroNome: 'Informe seu nome.',
  erroEmail: 'Informe um e-mail válido.',
  erroTelefone: 'Informe seu telefone.',
  erroDepartamento: 'Escolha um departamento.',
  fecharAviso: 'Fechar aviso',
} as const;
