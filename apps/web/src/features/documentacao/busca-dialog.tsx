import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import type { TDocumentoEncontrado } from '@balcao/shared/documentacao';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useBuscaDocumentos } from './api';

/** What the composer inserts for a document: its public link, or its text when it is internal. */
export const textToInsert = (d: TDocumentoEncontrado) => (d.url ? `${d.titulo}: ${d.url}` : d.conteudo);

/** The attendant searches the knowledge base from the composer and inserts a document. */
export function BuscaDocumentosDialog({
  open,
  onOpenChange,
  onInserir,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onInserir: (texto: string) => void;
}) {
  const [q, setQ] = useState('');
  const adiado = useDeferredValue(q);
  const busca = useBuscaDocumentos(adiado);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Base de conhecimento</DialogTitle>
          <DialogDescription>Procure um artigo e insira o link público (ou o texto, se for interno) na resposta.</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            autoFocus
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Procurar artigos"
            aria-label="Procurar artigos"
            className="pl-8"
          />
        </div>
        {adiado.trim().length < 2 ? (
          <p className="text-sm text-muted-foreground">Digite ao menos duas letras.</p>
        ) : busca.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : busca.data?.length ? (
          <ul className="grid max-h-80 gap-1 overflow-y-auto" aria-label="Artigos encontrados">
            {busca.data.map((d) => (
              <li key={d.id} className="grid gap-1 rounded-md border p-2">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">{d.titulo}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      onInserir(textToInsert(d));
                      onOpenChange(false);
                    }}
                  >
                    {d.url ? 'Inserir link' : 'Inserir texto'}
                  </Button>
                </div>
                {/* The server escapes the excerpt and marks the matches with <mark>. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by the server (trechoHtml). */}
                <p className="text-xs text-muted-foreground" dangerouslySetInnerHTML={{ __html: d.trechoHtml }} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Nenhum artigo encontrado.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
