import { FileText, Paperclip, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ANEXO_MAX_BYTES, ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos/constants';
import { formatarTamanho } from '@balcao/shared/chat-interno/constants';
import type { TAnexo } from '@balcao/shared/tracker';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/features/config/components/confirm-dialog';
import { useAddAnexo, useAnexos, useRemoveAnexo } from './api';

/** One line of the list: a thumbnail for an image (else a file icon), the name as the download link, the size. */
function Item({ a, onRemover }: { a: TAnexo; onRemover: () => void }) {
  return (
    <li className="flex items-center gap-3 rounded-md border p-2">
      {a.mimeType.startsWith('image/') ? (
        <img src={a.url} alt="" loading="lazy" className="size-10 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded bg-muted" aria-hidden>
          <FileText className="size-5 text-muted-foreground" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <a href={a.url} download={a.nome} className="block truncate text-sm font-medium text-primary underline-offset-2 hover:underline">
          {a.nome}
        </a>
        <span className="text-xs text-muted-foreground">
          {formatarTamanho(a.tamanho)}
          {a.autor ? ` · ${a.autor.nome}` : ''}
        </span>
      </div>
      <Button variant="ghost" size="icon" aria-label={`Remover ${a.nome}`} onClick={onRemover}>
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

/**
 * The task's files: listed with a download link, added by the button or by dropping them on the section (one
 * upload per file, in order), removed after a confirmation. Other viewers see the change live (tracker hub).
 */
export function Anexos({ tarefaId }: { tarefaId: string }) {
  const q = useAnexos(tarefaId);
  const anexar = useAddAnexo(tarefaId);
  const remover = useRemoveAnexo(tarefaId);
  const input = useRef<HTMLInputElement>(null);
  const [arrastando, setArrastando] = useState(false);
  const [aRemover, setARemover] = useState<TAnexo | null>(null);

  const enviar = async (files: FileList | null) => {
    for (const f of Array.from(files ?? [])) {
      // The same cap the server checks: a file too large is refused before its bytes travel.
      if (f.size > ANEXO_MAX_BYTES) {
        toast.error(`${f.name}: ${ATENDIMENTO_TEXTS.anexoTamanho}`);
        continue;
      }
      try {
        await anexar.mutateAsync(f);
      } catch (err) {
        toast.error(`${f.name}: ${errorMessage(err, 'Não foi possível anexar o arquivo.')}`);
      }
    }
  };

  return (
    <section
      aria-labelledby="anexos-titulo"
      className={cn('flex flex-col gap-2 rounded-md', arrastando && 'outline-2 outline-offset-4 outline-primary outline-dashed')}
      onDragOver={(e) => {
        e.preventDefault();
        setArrastando(true);
      }}
      // Moving over the section's own children is not leaving it (the outline would blink).
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setArrastando(false)}
      onDrop={(e) => {
        e.preventDefault();
        setArrastando(false);
        void enviar(e.dataTransfer.files);
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="anexos-titulo" className="text-sm font-semibold">
          Anexos
        </h3>
        <Button variant="outline" size="sm" disabled={anexar.isPending} onClick={() => input.current?.click()}>
          <Paperclip aria-hidden /> {anexar.isPending ? 'Enviando…' : 'Anexar arquivo'}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Escolher arquivos para anexar"
          onChange={(e) => {
            void enviar(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {q.isError && <p className="text-sm text-destructive">{errorMessage(q.error, 'Não foi possível carregar os anexos.')}</p>}
      <ul className="flex flex-col gap-2">
        {q.data?.map((a) => (
          <Item key={a.id} a={a} onRemover={() => setARemover(a)} />
        ))}
      </ul>
      {q.data?.length === 0 && (
        <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">
          Nenhum anexo ainda. Arraste arquivos para cá ou use “Anexar arquivo” (até {formatarTamanho(ANEXO_MAX_BYTES)} cada).
        </p>
      )}
      <ConfirmDialog
        open={aRemover !== null}
        onOpenChange={(open) => !open && setARemover(null)}
        title="Remover anexo?"
        description={`O arquivo ${aRemover?.nome ?? ''} será removido da tarefa para todos.`}
        confirmLabel="Remover"
        onConfirm={() => {
          const a = aRemover;
          if (a) remover.mutate(a.id, { onError: (err) => toast.error(errorMessage(err, 'Não foi possível remover o anexo.')) });
        }}
      />
    </section>
  );
}
