/**
 * What the API reference says of each route beside its zod schemas: a summary in Portuguese, its group, and the
 * error answers it may give. Who may call it decides most of them; a test fails when a route is missing here.
 */
export type RouteDoc = { summary: string; tag: string; errors: number[]; security?: 'bearer' };

/** Who calls a route: nobody signed in, any staff user, some roles only, or the operator's token. */
type Access = 'publico' | 'equipe' | 'papel' | 'operador';

const ACCESS_ERRORS: Record<Access, number[]> = {
  publico: [],
  equipe: [401],
  papel: [401, 403],
  operador: [401, 404],
};

type Entry = [summary: string, access: Access, ...extra: number[]];

const CATALOG: Record<string, Record<string, Entry>> = {
  Sessão: {
    'POST /api/auth/login': [
      'Entra com e-mail e senha: devolve o token e o usuário, e grava o cookie de renovação',
      'publico',
      401,
      403,
      429,
    ],
    'GET /api/auth/refresh': ['Troca o cookie de renovação por um novo token de acesso', 'publico', 401],
    'POST /api/auth/logout': ['Encerra esta sessão: cookie revogado, tokens e sockets encerrados', 'publico'],
    'POST /api/auth/forgot-password': ['Pede o link de redefinição de senha (resposta igual para qualquer e-mail)', 'publico', 429],
    'POST /api/auth/reset-password': ['Define a nova senha com o token do e-mail e encerra todas as sessões', 'publico'],
    'GET /health': ['Verifica o servidor e o banco de dados', 'publico'],
  },
  Notificações: {
    'GET /api/public/config': ['A configuração pública do app: a chave VAPID para o Web Push', 'publico'],
    'POST /api/notificacoes/push': ['Registra este navegador para receber notificações push do usuário', 'papel'],
    'DELETE /api/notificacoes/push': ['Deixa de enviar notificações push a este navegador', 'papel'],
    'GET /api/notificacoes/preferencias': ['As preferências de notificação do usuário (som, navegador, push, prévia, eventos)', 'papel'],
    'PUT /api/notificacoes/preferencias': ['Altera as preferências de notificação do usuário', 'papel'],
  },
  Perfil: {
    'GET /Usuario/GetCurrentUser': ['O usuário da sessão, com a conta, o fuso e a nota média', 'equipe'],
    'POST /Usuario/:id/heartbeat': ['Registra presença; devolve o status escolhido pelo usuário', 'papel', 404],
    'POST /usuario/UpdateUser/:id': ['Alterna entre Online e Offline', 'papel', 404],
    'POST /Usuario/UploadFotoPerfil': ['Envia a foto de perfil (JPEG, PNG ou WebP, até 3 MB)', 'equipe', 413, 415],
    'PATCH /Usuario/ChangeName/:id': ['Altera o nome do próprio usuário', 'papel', 404],
    'PATCH /Usuario/ChangePassword/:id': ['Altera a própria senha e encerra as outras sessões', 'papel', 404],
  },
  Atendimentos: {
    'GET /api/atendimento/conversas': ['Lista as conversas por cursor, da atividade mais recente, com as contagens por status', 'papel'],
    'GET /api/atendimento/:id': ['Um atendimento', 'papel', 404],
    'GET /api/atendimento/:id/modelos': ['Os modelos aprovados do canal do atendimento (fora da janela de resposta)', 'papel', 404, 502],
    'GET /api/atendimento/:id/mensagens': ['As mensagens de um atendimento, 25 por página, da mais antiga à mais nova', 'papel', 404],
    'POST /api/atendimento/:id/mensagens': [
      'Envia uma mensagem (idempotente por clientId: 201 nova, 200 a já gravada)',
      'papel',
      402,
      404,
      409,
    ],
    'PUT /api/atendimento/:id/mensagens/:mensagemId': ['Edita uma mensagem enviada, onde o canal permite', 'papel', 404, 409],
    'DELETE /api/atendimento/:id/mensagens/:mensagemId': ['Apaga uma mensagem enviada para todos, onde o canal permite', 'papel', 404, 409],
    'POST /api/atendimento/:id/mensagens/:mensagemId/reenviar': ['Põe de volta na fila um envio que falhou', 'papel', 402, 404, 409],
    'POST /api/atendimento/:id/aceitar': ['Aceita um atendimento da fila', 'papel', 402, 404, 409],
    'POST /api/atendimento/:id/transferir': ['Transfere para um atendente ou departamento', 'papel', 404, 409],
    'POST /api/atendimento/:id/finalizar': ['Finaliza o atendimento e envia o link de avaliação', 'papel', 404, 409],
    'POST /api/atendimento/:id/lidas': ['Marca as mensagens do cliente como lidas', 'papel', 404],
    'POST /api/atendimento/upload': ['Envia um anexo (até 16 MB; com atendimentoId, ajustado ao canal)', 'papel', 413, 415],
    'GET /api/atendimento/atendentes': ['Os atendentes, para transferências', 'papel'],
    'GET /api/atendimento/capacidades': ['O que cada canal da conta permite (mídia, reações, edições, janela)', 'papel'],
    'GET /api/atendimento/dashboard': ['Os números do painel de atendimentos', 'papel'],
    'GET /api/atendimento/list': ['A lista de atendimentos do painel, com filtros', 'papel'],
    'GET /api/atendimento/nova-conversa/opcoes': ['Os canais e modelos para iniciar uma conversa', 'papel'],
    'POST /api/atendimento/nova-conversa': ['Inicia uma conversa com um cliente', 'papel', 402, 404, 409],
  },
  Clientes: {
    'GET /cliente/lista': ['Busca clientes, paginado', 'papel'],
    'GET /api/clientes/:id': ['O painel de um cliente', 'papel', 404],
    'POST /api/clientes': ['Cadastra um cliente (número guardado em E.164, único na conta)', 'papel'],
    'PUT /api/clientes/:id': ['Altera um cliente', 'papel', 404],
  },
  'Chat interno': {
    'GET /api/chat-interno/conversas': ['As conversas do usuário', 'equipe'],
    'GET /api/chat-interno/usuarios-disponiveis': ['Os usuários com quem conversar', 'equipe'],
    'GET /api/chat-interno/departamentos-disponiveis': ['Os departamentos que podem entrar em grupos', 'papel'],
    'POST /api/chat-interno/usuarios-departamento/:id': ['Os usuários de um departamento', 'equipe', 404],
    'POST /api/chat-interno/conversa': ['Cria uma conversa ou um grupo', 'equipe', 403],
    'GET /api/chat-interno/conversa/:id/participantes': ['Os participantes de uma conversa', 'equipe', 404],
    'POST /api/chat-interno/conversa/:id/integrante': ['Adiciona integrantes a um grupo', 'equipe', 403, 404],
    'DELETE /api/chat-interno/conversa/:id/integrante': ['Remove um integrante de um grupo', 'equipe', 403, 404],
    'DELETE /api/chat-interno/conversa/:id/sair': ['Sai de um grupo', 'equipe', 404],
    'POST /api/chat-interno/conversa/:id/admin': ['Torna um integrante administrador do grupo', 'equipe', 403, 404],
    'POST /api/chat-interno/conversa/:id/mudar-nome': ['Renomeia um grupo', 'equipe', 403, 404],
    'POST /api/chat-interno/conversa/:id/upload-foto-grupo': ['Envia a foto do grupo (até 3 MB)', 'equipe', 403, 404, 413, 415],
    'POST /api/chat-interno/conversa/:id/visualizar': ['Marca a conversa como lida', 'equipe', 404],
    'POST /api/chat-interno/upload-arquivo': ['Envia um arquivo para o chat interno', 'equipe', 413, 415],
    'GET /api/chat-interno/mensagens/:conversationId': ['As mensagens de uma conversa, paginadas', 'equipe', 404],
    'POST /api/chat-interno/mensagem': ['Envia uma mensagem no chat interno', 'equipe', 404],
  },
  Administração: {
    'GET /api/usuarios': ['Lista os usuários da conta, com filtros', 'papel'],
    'POST /api/usuarios': ['Convida um usuário (link de 7 dias para definir a senha)', 'papel', 409],
    'PUT /api/usuarios/:id': ['Altera um usuário; trocar o papel encerra as sessões dele', 'papel', 404, 409],
    'POST /api/usuarios/:id/desativar': ['Desativa um usuário e encerra as sessões dele', 'papel', 404, 409],
    'POST /api/usuarios/:id/reativar': ['Reativa um usuário (precisa de vaga na licença)', 'papel', 404, 409],
    'POST /api/usuarios/:id/redefinir-senha': ['Envia ao usuário um link para redefinir a senha', 'papel', 404],
    'GET /api/departamentos': ['Os departamentos da conta', 'equipe'],
    'POST /api/departamentos': ['Cria um departamento', 'papel', 409],
    'PUT /api/departamentos/:id': ['Renomeia um departamento e define seus membros', 'papel', 404, 409],
    'DELETE /api/departamentos/:id': ['Exclui um departamento sem atendimentos em aberto', 'papel', 404, 409],
    'GET /api/conta': ['A conta: nome, fuso e logotipo', 'equipe'],
    'PUT /api/conta': ['Altera o nome e o fuso da conta', 'papel'],
    'POST /api/conta/logo': ['Envia o logotipo da conta (PNG, JPEG ou WebP, até 1 MB)', 'papel', 413, 415],
    'DELETE /api/conta/logo': ['Remove o logotipo da conta', 'papel'],
    'GET /api/dashboard/visao-geral': ['A visão geral: cartões e gráficos do período', 'papel'],
  },
  Canais: {
    'GET /api/canais': ['Os canais de chat do site', 'papel'],
    'POST /api/canais/widget': ['Cria um canal de chat do site', 'papel'],
    'PUT /api/canais/:id': ['Altera um canal (segredos vazios mantêm os gravados)', 'papel', 404],
    'DELETE /api/canais/:id': ['Exclui um canal', 'papel', 404],
    'POST /api/canais/:id/segredo': ['Gera um novo segredo de verificação de identidade', 'papel', 404],
    'GET /api/canais/whatsapp': ['Os números da API oficial do WhatsApp', 'papel'],
    'POST /api/canais/whatsapp': ['Cadastra um número da API oficial do WhatsApp', 'papel', 409],
    'POST /api/canais/:id/testar': ['Testa a conexão de um número com a Meta', 'papel', 404],
    'GET /Integracoes/get': ['O estado das integrações de WhatsApp da conta', 'equipe'],
  },
  'WhatsApp Web': {
    'GET /wapi/clients/:userId/status': ['Se o número está conectado', 'papel', 404],
    'GET /wapi/clients/:userId/qr': ['O estado da sessão e o QR code mais recente', 'papel', 404],
    'POST /wapi/clients/:userId/conectar': ['Inicia uma sessão (os QR codes seguem)', 'papel', 404],
    'POST /wapi/clients/:userId/pareamento': ['Pede um código de pareamento para um número', 'papel', 404],
    'POST /wapi/clients/:userId/desconectar': ['Desconecta do WhatsApp e apaga as chaves', 'papel', 404],
    'POST /wapi/clients/:userId/pausar': ['Pausa a sessão mantendo o pareamento', 'papel', 404],
    'POST /wapi/clients/:userId/ativar': ['Reabre uma sessão pausada', 'papel', 404],
  },
  Webhooks: {
    'GET /webhooks/whatsapp/:token': ['Verificação do webhook pela Meta (hub.challenge)', 'publico', 403, 404],
    'POST /webhooks/whatsapp/:token': ['Entregas da Meta, assinadas com X-Hub-Signature-256', 'publico', 401, 404],
    'POST /licenca/webhook': ['Webhook do PSP (API Pix) com os PIX recebidos', 'publico', 401, 404],
    'POST /licenca/webhook/pix': ['Webhook do PSP (API Pix) com os PIX recebidos', 'publico', 401, 404],
  },
  Licença: {
    'GET /Licenca/status': ['O estado da licença e as vagas usadas', 'equipe'],
    'GET /Licenca/canUseFeatures': ['Se a licença permite usar os recursos', 'equipe'],
    'GET /Licenca/isLicencaVendaERP': ['Se a licença foi vendida por um parceiro ERP', 'papel'],
    'GET /Licenca/getdatavencimento': ['A data de vencimento da licença', 'papel'],
    'GET /licenca/get': ['A licença em contratação: usuários e ferramentas', 'papel'],
    'GET /licenca/getlicencainfo': ['Os preços: valor base, por usuário e das ferramentas', 'papel'],
    'POST /licenca/confirmalicenca': ['Confirma o pedido da próxima cobrança e troca a pendente de outro pedido', 'papel', 409, 502],
    'POST /licenca/gerarcobranca': ['Gera a cobrança PIX do pedido', 'papel', 409, 502, 503],
    'GET /licenca/getcobranca': ['A cobrança mais recente: QR code, copia e cola e o pedido que ela cobra', 'papel', 404],
    'GET /licenca/verificarpagamento': ['Verifica se a cobrança foi paga', 'papel', 404, 502],
    'DELETE /licenca/cancelacobranca': ['Cancela a cobrança pendente', 'papel', 404, 409, 502],
  },
  'Mensagens rápidas e agendadas': {
    'POST /mensagemrapida/save': ['Cria ou altera uma mensagem rápida', 'papel', 404, 409],
    'POST /mensagemrapida/list': ['As mensagens rápidas do usuário, paginadas', 'papel'],
    'POST /mensagemrapida/publicas': ['As mensagens rápidas públicas da conta, paginadas', 'papel'],
    'GET /mensagemrapida/all': ['Todas as mensagens rápidas que o usuário pode usar', 'papel'],
    'DELETE /mensagemrapida/delete/:id': ['Exclui uma mensagem rápida', 'papel', 404],
    'POST /mensagemrapida/import/:id': ['Copia uma mensagem rápida pública para a lista do usuário', 'papel', 404, 409],
    'POST /mensagemagendada/save': ['Cria ou altera uma mensagem agendada', 'papel', 404],
    'POST /mensagemagendada/list': ['As mensagens agendadas, com filtros', 'papel'],
    'GET /mensagemagendada/get/:id': ['Uma mensagem agendada', 'papel', 404],
    'DELETE /mensagemagendada/delete/:id': ['Exclui uma mensagem agendada', 'papel', 404],
    'POST /mensagemagendada/ativar/:id': ['Ativa ou desativa uma mensagem agendada', 'papel', 404],
    'GET /mensagemagendada/modelos/:canalId': ['Os modelos aprovados de um canal WhatsApp', 'papel', 404, 502],
    'GET /mensagemagendada/canais': ['Os canais que podem escrever primeiro (WhatsApp Cloud API e WhatsApp Web)', 'papel'],
  },
  'Autoatendimento (ERP)': {
    'POST /api/public/autoatendimento/solicitacoes': [
      'Chamada do ERP: registra uma solicitação (chave de integração no Bearer)',
      'publico',
      401,
    ],
    'GET /api/autoatendimento/chaves': ['As chaves de integração da conta', 'papel'],
    'POST /api/autoatendimento/chaves': ['Cria uma chave de integração (mostrada uma vez)', 'papel'],
    'DELETE /api/autoatendimento/chaves/:id': ['Revoga uma chave de integração', 'papel', 404],
    'GET /api/autoatendimento/solicitacoes': ['A fila de solicitações do ERP', 'papel'],
    'POST /api/autoatendimento/solicitacoes/:id/assumir': ['Assume uma solicitação pendente', 'papel', 404, 409],
    'POST /api/autoatendimento/solicitacoes/:id/resolver': ['Resolve uma solicitação', 'papel', 404, 409],
    'GET /AutoAtendimentoERP/quantidade-solicitacoes': ['Quantas solicitações estão pendentes', 'papel'],
  },
  'Público (visitantes)': {
    'GET /api/public/avaliacao/:databaseName/:atendimentoId': ['O atendimento a avaliar (precisa do token do link)', 'publico', 404],
    'POST /api/public/avaliacao/:databaseName/:atendimentoId': ['Avalia o atendimento, uma vez', 'publico', 404, 409],
    'GET /api/public/widget/:token/config': ['A configuração do chat do site', 'publico', 403, 404],
    'POST /api/public/widget/:token/sessao': ['Abre ou retoma a sessão do visitante', 'publico', 403, 404, 429],
    'GET /api/public/widget/:token/mensagens': ['As mensagens do visitante', 'publico', 401, 403, 404],
    'POST /api/public/widget/:token/upload': ['Envia um arquivo do visitante', 'publico', 401, 403, 404, 413, 415, 429],
  },
  Operador: {
    'POST /operador/contas': ['Cria uma conta e o master dela, com a senha por e-mail', 'operador', 409],
    'POST /operador/licenca/confirmar-pagamento': ['Confirma um PIX estático visto no banco, com o valor recebido', 'operador', 404, 409],
    'POST /operador/licenca/venda-erp': ['Marca a licença como vendida por um parceiro ERP', 'operador'],
    'POST /operador/licenca/vencimento': ['Define a data de vencimento da licença', 'operador'],
    'GET /operador/backup': ['Baixa o backup do banco embutido (tar.gz) com o servidor rodando', 'operador', 409],
    'GET /operador/whatsapp/entregas-com-falha': ['As entregas do webhook do WhatsApp recusadas, com o motivo', 'operador'],
  },
};

/** The groups in the order the reference page lists them. */
export const TAGS = Object.keys(CATALOG).map((name) => ({ name }));

const INDEX = new Map<string, RouteDoc>();
for (const [tag, routes] of Object.entries(CATALOG)) {
  for (const [key, [summary, access, ...extra]] of Object.entries(routes)) {
    const errors = [...new Set([...ACCESS_ERRORS[access], ...extra, 503])].sort((a, b) => a - b);
    const security = access === 'equipe' || access === 'papel' || access === 'operador' ? 'bearer' : undefined;
    INDEX.set(key.toLowerCase(), { summary, tag, errors, ...(security ? { security } : {}) });
  }
}

/** The documentation of `METHOD url` (url as registered, without the /backend prefix; any case), if any. */
export function describeRoute(method: string, url: string): RouteDoc | null {
  return INDEX.get(`${method} ${url}`.toLowerCase()) ?? null;
}

/** Every `METHOD url` the catalog documents, for the test that finds entries left behind by a removed route. */
export const documentedRoutes = () => [...INDEX.keys()];
