import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EllipsisVertical, Pencil, Trash2 } from 'lucide-react';
import { MENSAGEM_MAX_CHARS } from '@balcao/shared/atendimentos';
import { Button } from '@/components/ui/button';
import { MessageTextarea } from '@/components/ui/message-textarea';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { ConfirmDialog } from '@/features/config/components/confirm-dialog';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import type { TMensagemLocal } from '../message-cache';
import { editMensagem } from '../send';
import { MENSAGENS_TEXTS } from '../texts';

/**
 * The menu on the attendant's own sent message where the channel has edits (WhatsApp Web): 'Editar' (text only,
 * in a dialog with Salvar/Cancelar) and 'Apagar para todos' (after a confirmation). A refusal shows the server's reason.
 */
export function MessageActions({ m, className }: { m: TMensagemLocal; className?: string }) {
  const qc = useQueryClient();
  const [editando, setEditando] = useState(false);
  const [apagando, setApagando] = useState(false);
  const apagar = () => void editMensagem(qc, m, null).catch((err) => toast.error(errorMessage(err, MENSAGENS_TEXTS.erroApagar)));
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className={cn('size-7 text-muted-foreground data-[state=open]:opacity-100', className)}
            aria-label={MENSAGENS_TEXTS.acoes}
            title={MENSAGENS_TEXTS.acoes}
          >
            <EllipsisVertical />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {m.tipo === 'text' && (
            <DropdownMenuItem onSelect={() => setEditando(true)}>
              <Pencil />
              {MENSAGENS_TEXTS.editar}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem variant="destructive" onSelect={() => setApagando(true)}>
            <Trash2 />
            {MENSAGENS_TEXTS.apagarParaTodos}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {editando && <EditDialog m={m} onClose={() => setEditando(false)} />}
      <ConfirmDialog
        open={apagando}
        onOpenChange={setApagando}
        title={MENSAGENS_TEXTS.apagarTitulo}
        description={MENSAGENS_TEXTS.apagarDescricao}
        confirmLabel={MENSAGENS_TEXTS.apagar}
        onConfirm={apagar}
      />
    </>
  );
}

/** The text in a box: Enter or 'Salvar' saves, Shift+Enter breaks a line, Escape or 'Cancelar' closes. */
function EditDialog({ m, onClose }: { m: TMensagemLocal; onClose: () => void }) {
  const qc = useQueryClient();
  const [texto, setTexto] = useState(m.conteudo);
  const [salvando, setSalvando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const iniciado = useRef(false);
  const vazio = texto.trim().length === 0;
  const salvar = async () => {
    if (vazio || salvando) return;
    if (texto === m.conteudo) return onClose();
    setSalvando(true);
    setErro(null);
    try {
      await editMensagem(qc, m, texto);
      onClose();
    } catch (err) {
      setErro(errorMessage(err, MENSAGENS_TEXTS.erroEditar));
      setSalvando(false);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{MENSAGENS_TEXTS.editarTitulo}</DialogTitle>
          <DialogDescription>{MENSAGENS_TEXTS.editarDescricao}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void salvar();
          }}
        >
          <MessageTextarea
            aria-label={MENSAGENS_TEXTS.editarTitulo}
            value={texto}
            maxLength={MENSAGEM_MAX_CHARS}
            rows={4}
            ref={(el) => {
              // Opens with the caret after the text, ready to change its end.
              if (el && !iniciado.current) {
                iniciado.current = true;
                el.focus();
                el.setSelectionRange(el.value.length, el.value.length);
              }
            }}
            onChange={(e) => setTexto(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void salvar();
              }
            }}
            aria-invalid={Boolean(erro) || undefined}
            aria-describedby={erro ? `editar-erro-${m.id}` : undefined}
            className="min-h-24 w-full flex-none resize-y"
          />
          {erro && (
            <p id={`editar-erro-${m.id}`} role="alert" className="text-sm text-destructive">
              {erro}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {MENSAGENS_TEXTS.cancelar}
            </Button>
            <Button type="submit" disabled={vazio || salvando}>
              {salvando ? MENSAGENS_TEXTS.salvando : MENSAGENS_TEXTS.salvar}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
