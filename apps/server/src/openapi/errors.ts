/** The error answers a route may give, in the document: what each status means to a caller, in Portuguese. */
const ERROR_MEANING: Record<number, { code: string; description: string }> = {
  400: { code: 'VALIDATION', description: 'Dados inválidos: `errors` traz as mensagens de cada campo.' },
  401: { code: 'UNAUTHORIZED', description: 'Sem sessão válida (token ausente, expirado ou de uma sessão encerrada).' },
  402: { code: 'LICENCA_EXPIRADA', description: 'A licença da conta expirou: a ação fica bloqueada até a renovação.' },
  403: { code: 'FORBIDDEN', description: 'O papel do usuário não permite esta ação.' },
  404: { code: 'NOT_FOUND', description: 'Não encontrado (ou de outra conta).' },
  409: { code: 'CONFLICT', description: 'Conflito com o estado atual; `message` diz o motivo.' },
  413: { code: 'PAYLOAD_TOO_LARGE', description: 'Arquivo ou corpo maior que o limite.' },
  415: { code: 'UNSUPPORTED_MEDIA', description: 'Tipo de arquivo não aceito.' },
  429: { code: 'TOO_MANY_REQUESTS', description: 'Tentativas demais: aguarde e tente novamente.' },
  502: { code: 'WHATSAPP', description: 'O serviço externo recusou o pedido.' },
  503: { code: 'DATABASE_UNAVAILABLE', description: 'Indisponível no momento (banco de dados ou serviço externo); tente novamente.' },
};

/** The body of every error answer (lib/error-handler.ts), as JSON Schema for the document. */
export function errorBody(status: number) {
  const meaning = ERROR_MEANING[status] ?? { code: 'ERRO', description: 'Erro.' };
  return {
    description: meaning.description,
    type: 'object',
    required: ['message', 'code'],
    properties: {
      message: { type: 'string', description: 'Texto em português para a pessoa.' },
      code: { type: 'string', description: 'Código estável para o programa decidir.', examples: [meaning.code] },
      errors: {
        type: 'object',
        description: 'Mensagens por campo (erros de validação).',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
    },
  };
}
