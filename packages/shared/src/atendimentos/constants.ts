// Zod-free constants of customer conversations, importable by the widget without pulling zod.

/** Messages are paged 25 at a time; the conversation list by cursor. */
export const MENSAGENS_PAGE_SIZE = 25;
export const CONVERSAS_PAGE_SIZE = 30;
export const MENSAGEM_MAX_CHARS = 4096;
/** Unread badge cap (spec part 2 §9). */
export const UNREAD_CAP = 99;
export const formatUnread = (n: number) => (n > UNREAD_CAP ? `${UNREAD_CAP}+` : String(n));
/** Word, Excel and PowerPoint files (old ones are read by content as one container, 'application/x-cfb'). */
export const OFFICE_MIME_TYPES = [
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-cfb',
] as const;
/** Attachments an attendant or visitor may send, checked by content on the server. */
export const ANEXO_MAX_BYTES = 16 * 1024 * 1024;
export const ANEXO_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/3gpp',
  'audio/mpeg',
  'audio/ogg',
  // Voice notes: the upload check names Ogg with the Opus codec apart from other Ogg audio.
  'audio/ogg; codecs=opus',
  'audio/aac',
  'audio/amr',
  'audio/mp4',
  'audio/x-m4a',
  'audio/wav',
  'audio/webm',
  'application/pdf',
  'application/zip',
  'application/x-rar-compressed',
  'application/vnd.rar',
  ...OFFICE_MIME_TYPES,
] as const;
export const ATENDIMENTO_TEXTS = {
  modeloSemSuporte: 'Este canal não usa modelos do WhatsApp: escreva a mensagem sem modelo.',
  naoEncontrado: 'Atendimento não encontrado.',
  semPermissao: 'Você não tem acesso a este atendimento.',
  jaAceito: 'Este atendimento já foi aceito por outro atendente.',
  finalizado: 'Este atendimento já foi finalizado.',
  naoAceito: 'Aceite o atendimento antes de responder.',
  transferirDestino: 'Escolha um atendente ou um departamento para transferir.',
  mensagemVazia: 'Digite uma mensagem ou anexe um arquivo.',
  anexoTamanho: 'O arquivo deve ter no máximo 16MB.',
  anexoTipo: 'Tipo de arquivo não permitido.',
  anexoNaoEncontrado: 'Anexo não encontrado. Envie o arquivo novamente.',
  todosSomenteAdmin: 'Apenas administradores podem ver os números de todos os atendentes.',
  outroAtendente: 'Você só pode ver o seu próprio dashboard.',
} as const;
