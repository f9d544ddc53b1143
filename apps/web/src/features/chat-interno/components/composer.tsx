import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FileText, Film, Image, Paperclip, SendHorizontal } from 'lucide-react';
import { MENSAGEM_TEXTO_MAX } from '@balcao/shared/chat-interno';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { sendComposicao } from '../composer-send';
import { ACEITE, useArquivos } from '../hooks/use-arquivos';
import { sendMensagem } from '../send';
import { COMPOSER_TEXTS as T } from '../texts';
import { COMPOSER_MAX_LINHAS } from '../ui-constants';
import { FilesGrid } from './files-grid';
import { MessageTextarea } from '@/components/ui/message-textarea';

/** Unsent text per conversation, so switching conversations keeps a half-written message. */
const rascunhos = new Map<string, string>();

/** Spec part 2 §2/§4 composer: attach menu, Enter sends / Shift+Enter breaks the line, the files grid, the send order. */
export function Composer({ conversaId, user }: { conversaId: string; user: TCurrentUser }) {
  const qc = useQueryClient();
  const [texto, setTexto] = useState(() => rascunhos.get(conversaId) ?? '');
  const { arquivos, adicionar, remover, subir, enviando } = useArquivos();
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  const mudar = (v: string) => {
    setTexto(v);
    rascunhos.set(conversaId, v);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: texto is the trigger: the height follows the content the effect measures
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const linha = parseFloat(getComputedStyle(el).lineHeight) || 0;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, linha * COMPOSER_MAX_LINHAS + (el.offsetHeight - el.clientHeight))}px`;
  }, [texto]);

  const escolher = (accept: string) => {
    const el = picker.current;
    if (!el) return;
    el.accept = accept;
    el.click();
  };

  const enviar = async () => {
    if (enviando) return;
    await sendComposicao(
      texto,
      arquivos.map((a) => a.key),
      { enviar: (nova) => void sendMensagem(qc, user, conversaId, nova), subir, textoEnviado: () => mudar('') },
    );
    area.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void enviar();
    }
  };

  const vazio = !texto.trim() && arquivos.length === 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a pointer shortcut; the attach button does the same from the keyboard
    <div
      className="shrink-0 border-t bg-background"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        adicionar(e.dataTransfer.files);
      }}
    >
      <FilesGrid arquivos={arquivos} onRemover={remover} />
      <div className="flex items-end gap-2 p-2.5">
        <input
          ref={picker}
          type="file"
          multiple
          className="hidden"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            adicionar(e.target.files ?? []);
            e.target.value = '';
          }}
        />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-9 shrink-0 text-muted-foreground"
              aria-label={T.anexar}
              title={T.anexar}
              disabled={enviando}
            >
              <Paperclip />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" side="top">
            <DropdownMenuItem onSelect={() => escolher(ACEITE.imagens)}>
              <Image />
              {T.imagens}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => escolher(ACEITE.videos)}>
              <Film />
              {T.videos}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => escolher(ACEITE.documentos)}>
              <FileText />
              {T.documentos}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <MessageTextarea
          ref={area}
          value={texto}
          onChange={(e) => mudar(e.target.value)}
          onKeyDown={onKeyDown}
          onFiles={adicionar}
          maxLength={MENSAGEM_TEXTO_MAX}
          placeholder={T.placeholder}
          aria-label={T.placeholder}
          aria-describedby={`${conversaId}-dica`}
        />
        <Button
          size="icon"
          className="size-9 shrink-0"
          onClick={() => void enviar()}
          data-analytics-id="chat-interno-enviar"
          disabled={enviando || vazio}
          aria-label={T.enviar}
          title={T.enviar}
        >
          <SendHorizontal />
        </Button>
      </div>
      <p id={`${conversaId}-dica`} className="sr-only">
        {T.dica}
      </p>
    </div>
  );
}
