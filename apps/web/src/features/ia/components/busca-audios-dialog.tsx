import { useState } from 'react';
import { AudioLines, FileAudio, SearchX, TriangleAlert } from 'lucide-react';
import { TRECHO_MARCA, type TTranscricaoEncontrada } from '@balcao/shared/ia';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { formatDataHora } from '@/features/atendimentos/format';
import { useDebounced } from '@/features/atendimentos/hooks';
import { BUSCA_DEBOUNCE_MS } from '@/features/atendimentos/ui-constants';
import { errorMessage } from '@/lib/http';
import { useBuscaTranscricoes } from '../api';
import { BUSCA_AUDIOS_TEXTS as T } from '../texts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onAbrir: (atendimentoId: string) => void };

/** Search inside voice-note transcripts (GET /ia/transcricoes): each match opens its conversation. */
export function BuscaAudiosDialog({ open, onOpenChange, onAbrir }: Props) {
  const [texto, setTexto] = useState('');
  const q = useDebounced(texto.trim(), BUSCA_DEBOUNCE_MS);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[85dvh] flex-col gap-3 sm:max-w-lg">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <FileAudio className="size-5 text-primary" aria-hidden />
            {T.titulo}
          </DialogTitle>
          <DialogDescription>{T.descricao}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="busca-audios">{T.rotulo}</Label>
          <Input
            id="busca-audios"
            type="search"
            autoComplete="off"
            placeholder={T.placeholder}
            value={texto}
            maxLength={200}
            onChange={(e) => setTexto(e.target.value)}
          />
        </div>
        <div className="-mx-1 min-h-40 overflow-y-auto px-1">
          <Resultados q={q} onAbrir={onAbrir} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Resultados({ q, onAbrir }: { q: string; onAbrir: (atendimentoId: string) => void }) {
  const busca = useBuscaTranscricoes(q);
  if (q.length < 2) return <EmptyState icon={AudioLines} title={T.inicio} line={T.inicioLinha} />;
  if (busca.isPending)
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (busca.isError)
    return (
      <EmptyState
        icon={TriangleAlert}
        title={errorMessage(busca.error, T.erro)}
        action={
          <Button size="sm" variant="outline" onClick={() => void busca.refetch()}>
            {T.tentar}
          </Button>
        }
      />
    );
  if (!busca.data.length) return <EmptyState icon={SearchX} title={T.nenhum} line={T.nenhumLinha} />;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted-foreground" role="status">
        {T.resultados(busca.data.length)}
      </p>
      <ul className="flex flex-col gap-2">
        {busca.data.map((r) => (
          <li key={r.mensagemId}>
            <Achado r={r} onAbrir={onAbrir} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Achado({ r, onAbrir }: { r: TTranscricaoEncontrada; onAbrir: (atendimentoId: string) => void }) {
  return (
    <button
      type="button"
      aria-label={T.abrir(r.ticket, r.clienteNome)}
      onClick={() => onAbrir(r.atendimentoId)}
      className="flex w-full flex-col gap-1 rounded-md border p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="truncate font-medium">{r.clienteNome}</span>
        <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
          #{r.ticket} · {formatDataHora(r.criadaEm)}
        </span>
      </span>
      <span className="line-clamp-3 text-muted-foreground">
        <Trecho texto={r.trecho} />
      </span>
    </button>
  );
}

/** The excerpt with the matched words in <mark> (the server marks them with TRECHO_MARCA). */
function Trecho({ texto }: { texto: string }) {
  const partes = texto.split(new RegExp(`${TRECHO_MARCA.inicio}([^${TRECHO_MARCA.fim}]*)${TRECHO_MARCA.fim}`));
  return (
    <>
      {partes.map((p, i) =>
        i % 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the excerpt's parts have no identity of their own
          <mark key={i} className="rounded-sm bg-primary/15 px-0.5 font-medium text-foreground">
            {p}
          </mark>
        ) : (
          p
        ),
      )}
    </>
  );
}
