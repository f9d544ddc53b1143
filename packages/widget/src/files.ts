import { ApiError, type Api } from './api';
import { newClientId } from './client-id';
import type { Outbox, OutboxItem } from './outbox';
import { ANEXO_MAX_BYTES, ANEXO_MIME_TYPES, ANEXO_TEXTS, T } from './texts';
import type { Thread } from './thread';

/** Why this file cannot be sent, or null. An empty type (some .rar, odd extensions) passes: the server reads the content. */
export function checkFile(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > ANEXO_MAX_BYTES) return ANEXO_TEXTS.anexoTamanho;
  if (file.type && !(ANEXO_MIME_TYPES as readonly string[]).includes(file.type)) return ANEXO_TEXTS.anexoTipo;
  return null;
}

/** The queued message of a file about to upload; images get a local preview until the server's copy exists. */
function uploadItem(file: File, clientId: string): OutboxItem {
  const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : '';
  return {
    clientId,
    conteudo: '',
    criadaEm: new Date().toISOString(),
    midia: { url: preview, mimeType: file.type || 'application/octet-stream', filename: file.name, size: file.size },
  };
}

type Deps = {
  api: Api;
  thread: Thread;
  outbox: Outbox;
  /** The visitor token once a session exists (it waits for one), else null. */
  visitante: () => Promise<string | null>;
  changed: (stick?: boolean) => void;
  /** The uploaded file's message is in the outbox: send it. */
  queued: () => void;
  flash: (text: string) => void;
};

/**
 * Attachments: checked here, uploaded over HTTP with a progress bar, then queued as a message with `midia`
 * like any other. The File is kept until then so "Tentar novamente" can upload it again.
 */
export class Uploads {
  private readonly files = new Map<string, { file: File; item: OutboxItem }>();

  constructor(private readonly d: Deps) {}

  /** True when the retry was an upload's (else it is a queued message's). */
  retry(clientId: string): boolean {
    const f = this.files.get(clientId);
    if (f) void this.upload(f.item, f.file);
    return !!f;
  }

  async attach(files: File[]) {
    for (const file of files) {
      const erro = checkFile(file);
      if (erro) {
        this.d.flash(`${file.name}: ${erro}`);
        continue;
      }
      const item = uploadItem(file, newClientId());
      this.files.set(item.clientId, { file, item });
      await this.upload(item, file);
    }
  }

  private async upload(item: OutboxItem, file: File) {
    const { thread, changed } = this.d;
    const visitante = await this.d.visitante();
    if (!visitante) {
      thread.setUpload(item, null, T.aguardeConexao);
      return changed();
    }
    thread.setUpload(item, 0);
    changed(true);
    try {
      const uploaded = await this.d.api.upload(file, visitante, (p) => {
        thread.setUpload(item, p);
        changed();
      });
      this.files.delete(item.clientId);
      thread.dropUpload(item.clientId);
      if (item.midia?.url.startsWith('blob:')) URL.revokeObjectURL(item.midia.url);
      const { id: uploadId, ...midia } = uploaded;
      this.d.outbox.add({ ...item, midia, uploadId });
      this.d.queued();
    } catch (e) {
      thread.setUpload(item, null, e instanceof ApiError ? e.message : T.erroGenerico);
      changed();
    }
  }
}
