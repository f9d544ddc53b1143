import { CHAT_INTERNO_ROTULOS } from './texts';

/** Spec part 2 §7/§9: the chat panel reads messages 25 at a time (page 1 = the newest 25). */
export const CHAT_INTERNO_PAGE_SIZE = 25;
/** Largest page a caller may ask for; keeps one history read bounded. */
export const CHAT_INTERNO_PAGE_SIZE_MAX = 100;
/** Spec part 2 §5/§9: group name, trimmed, at most 50 characters. */
export const GRUPO_NOME_MAX = 50;
/** Spec part 2 §5 (our reading): a group needs 2 selected users or 1 department. */
export const GRUPO_MIN_USUARIOS = 2;
export const GRUPO_MIN_DEPARTAMENTOS = 1;
/** Bounds one create/add call; far above any real group, far below a request that hurts. */
export const CONVERSA_MAX_SELECAO = 500;
/** Longest text of one message (a few pages); socket frames are capped at 100000 bytes (§9). */
export const MENSAGEM_TEXTO_MAX = 10_000;
/** Longest client-generated message id we store for idempotency. */
export const MENSAGEM_CLIENT_ID_MAX = 100;
export const NOME_ARQUIVO_MAX = 255;
/** Spec part 2 §9: unread badge shows 99+ above this. */
export const NAO_VISTAS_BADGE_MAX = 99;
/** Spec part 2 §4/§9: pause between files of one send. */
export const PAUSA_ENTRE_ARQUIVOS_MS = 200;
/** Spec part 2 §4/§9: reconnect delays (then stop) and the retry tick while disconnected. */
export const CHAT_INTERNO_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000] as const;
export const CHAT_INTERNO_RETRY_MS = 3_000;

/** Spec part 2 §3: origin of a message (Usuario = a person wrote it, Aviso = a system notice). */
export const ORIGEM_TIPO = { usuario: 1, aviso: 2 } as const;
/** Spec part 2 §3/§7: a participant is a user (1) or a department (2). */
export const INTEGRANTE_TIPO = { usuario: 1, departamento: 2 } as const;
/** Spec part 2 §3: kinds of message. */
export const MENSAGEM_TIPOS = ['text', 'image', 'video', 'audio', 'document'] as const;
export type TMensagemTipo = (typeof MENSAGEM_TIPOS)[number];
export type TMidiaTipo = Exclude<TMensagemTipo, 'text'>;

const MB = 1024 * 1024;
/** Upload caps per kind (spec part 2 §5 leaves them open; ours). Checked on both sides. */
export const CHAT_INTERNO_UPLOAD_MAX_BYTES: Record<TMidiaTipo, number> = {
  image: 10 * MB,
  video: 25 * MB,
  audio: 25 * MB,
  document: 25 * MB,
};
/** Group photo cap (spec part 2 §5 "not shown"; 3 MB like the profile photo). */
export const GRUPO_FOTO_MAX_BYTES = 3 * MB;
export const GRUPO_FOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Spec part 2 §2: document types the composer accepts. */
export const DOCUMENTO_EXTENSOES = ['pdf', 'doc', 'docx', 'txt', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'rar'] as const;

/** Real types (as detected from the bytes) accepted per kind. Legacy Office files all read as x-cfb. */
export const CHAT_INTERNO_MIME_TYPES: Record<TMidiaTipo, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/avif', 'image/heic', 'image/heif'],
  video: ['video/mp4', 'video/webm', 'video/quicktime', 'video/3gpp', 'video/x-matroska', 'video/x-m4v', 'video/mpeg', 'video/ogg'],
  audio: ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/opus', 'audio/aac', 'audio/mp4', 'audio/x-m4a', 'audio/amr', 'audio/x-flac'],
  document: [
    'application/pdf',
    'application/x-cfb',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/zip',
    'application/x-rar-compressed',
    'text/plain',
  ],
};

/** Where uploaded chat files are served; a message's midiaUrl must be one of ours (no foreign or script links). */
export const CHAT_INTERNO_UPLOAD_KIND = 'chat-interno';
export const CHAT_INTERNO_MIDIA_URL_RE = /^\/backend\/uploads\/chat-interno\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

/** Spec part 2 §4: the kind of a file comes from its mime prefix; anything else is a document. */
export function tipoPorMime(mime: string): TMidiaTipo {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

const NUMERO_PT_BR = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** Spec part 2 §4: sizes read as Bytes, KB, MB or GB, in Portuguese ('830,15 KB'). */
export function formatarTamanho(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${NUMERO_PT_BR.format(value)} ${units[i]}`;
}

/** Spec part 2 §2: title of a list row or header. */
export function tituloConversa(c: {
  ehGrupo: boolean;
  nome: string | null;
  usuariosNomes: string[];
  departamentosNomes: string[];
}): string {
  if (c.ehGrupo) return c.nome?.trim() || [...c.usuariosNomes, ...c.departamentosNomes].join(', ') || CHAT_INTERNO_ROTULOS.grupo;
  return c.usuariosNomes[0] || CHAT_INTERNO_ROTULOS.conversa;
}

/** Spec part 2 §4: a media message previews as [Foto], [Vídeo] or [Arquivo], followed by its caption. */
export function previaMensagem(m: { conteudo: string; tipo: TMensagemTipo }): string {
  const label =
    m.tipo === 'image'
      ? CHAT_INTERNO_ROTULOS.previaFoto
      : m.tipo === 'video'
        ? CHAT_INTERNO_ROTULOS.previaVideo
        : m.tipo === 'text'
          ? ''
          : CHAT_INTERNO_ROTULOS.previaArquivo;
  return [label, m.conteudo.trim()].filter(Boolean).join(' ');
}
