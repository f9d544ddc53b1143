import { useMutation } from '@tanstack/react-query';
import { NotebookPen, Tags } from 'lucide-react';
import { useState } from 'react';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { ZMensagem } from '@balcao/shared/atendimentos';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useSetEtiquetas, useEtiquetas } from './api';

function EtiquetasDialog({ a, open, onOpenChange }: { a: TAtendimento; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { data: etiquetas } = useEtiquetas();
  const [marcadas, setMarcadas] = useState<string[]>(a.etiquetaIds ?? []);
  const salvar = useSetEtiquetas(a.atendimentoId);
  const alternar = (id: string) => setMarcadas((m) => (m.includes(id) ? m.filter((x) => x !== id) : [...m, id]));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Etiquetas</DialogTitle>
          <DialogDescription>Marque as etiquetas deste atendimento. A lista pode ser filtrada por elas.</DialogDescription>
        </DialogHeader>
        {etiquetas?.length ? (
          <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
            {etiquetas.map((e) => (
              <li key={e.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent">
                  <input type="checkbox" checked={marcadas.includes(e.id)} onChange={() => alternar(e.id)} />
                  <span className="size-3 rounded-full" style={{ background: e.cor }} aria-hidden />
                  {e.nome}
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            Nenhuma etiqueta cadastrada. Um administrador as cria em Configurações › Etiquetas.
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button
            disabled={salvar.isPending}
            onClick={() =>
              salvar.mutate(marcadas, {
                onSuccess: () => {
                  toast.success('Etiquetas salvas.');
                  onOpenChange(false);
                },
              })
            }
          >
            {salvar.isPending ? 'Salvando…' : 'Salvar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function NotaDialog({ a, open, onOpenChange }: { a: TAtendimento; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [conteudo, setConteudo] = useState('');
  const enviar = useMutation({
    mutationFn: () =>
      request('POST', `/api/atendimento/${a.atendimentoId}/notas`, ZMensagem, { clientId: crypto.randomUUID(), conteudo: conteudo.trim() }),
    onSuccess: () => {
      toast.success('Nota interna gravada.');
      setConteudo('');
      onOpenChange(false);
    },
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível gravar a nota.')),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Nota interna</DialogTitle>
          <DialogDescription>
            Só a equipe vê: o cliente nunca recebe. Escreva @nome para avisar um colega no chat interno.
          </DialogDescription>
        </DialogHeader>
        <textarea
          aria-label="Nota interna"
          className="min-h-28 w-full rounded-md border bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
          value={conteudo}
          maxLength={4000}
          onChange={(e) => setConteudo(e.target.value)}
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button disabled={!conteudo.trim() || enviar.isPending} onClick={() => enviar.mutate()}>
            {enviar.isPending ? 'Gravando…' : 'Gravar nota'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The conversation header's staff-only actions: its labels and a private note. */
export function AcoesInternas({ atendimento }: { atendimento: TAtendimento }) {
  const [aberto, setAberto] = useState<'etiquetas' | 'nota' | null>(null);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setAberto('etiquetas')} title="Etiquetas">
        <Tags />
        <span className="@max-2xl:sr-only">Etiquetas</span>
      </Button>
      <Button size="sm" variant="outline" onClick={() => setAberto('nota')} title="Nota interna">
        <NotebookPen />
        <span className="@max-2xl:sr-only">Nota</span>
      </Button>
      {aberto === 'etiquetas' && <EtiquetasDialog a={atendimento} open onOpenChange={(o) => setAberto(o ? 'etiquetas' : null)} />}
      {aberto === 'nota' && <NotaDialog a={atendimento} open onOpenChange={(o) => setAberto(o ? 'nota' : null)} />}
    </>
  );
}
