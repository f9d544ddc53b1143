import { Clock, RotateCw } from 'lucide-react';
import { ORIGEM_TIPO, type TMensagem } from '@balcao/shared/chat-interno';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { dataHora, horaMensagem } from '../format';
import type { TMensagemLocal } from '../message-cache';
import { CONVERSA_TEXTS } from '../texts';
import { MessageMedia } from './message-media';

/** A system notice (origin Aviso): a centred grey pill (spec part 2 §2). */
function AvisoPill({ m }: { m: TMensagem }) {
  return (
    <div className="flex justify-center py-1" data-origem="aviso">
      <span className="max-w-[85%] rounded-full bg-muted px-3 py-1 text-center text-xs text-muted-foreground">{m.conteudo}</span>
    </div>
  );
}

type Props = {
  m: TMensagemLocal;
  minha: boolean;
  /** In groups, others' messages carry the sender's name and photo (or initial) on the first of a run. */
  mostrarRemetente: boolean;
  /** Keeps the bubbles of a run aligned when the avatar is shown only on its first. */
  reservarAvatar: boolean;
  onRetry: (m: TMensagemLocal) => void;
  onMediaLoad: () => void;
};

/** Own messages on the right; others' on the left (spec part 2 §2), with a pending clock or a failed state and retry. */
export function MessageBubble({ m, minha, mostrarRemetente, reservarAvatar, onRetry, onMediaLoad }: Props) {
  if (m.origemTipo === ORIGEM_TIPO.aviso) return <AvisoPill m={m} />;
  const nome = m.remetenteNome ?? '';
  const midia = m.tipo !== 'text';
  const legenda = midia && m.conteudo;
  return (
    <div className={cn('flex gap-2 py-0.5', minha ? 'justify-end' : 'justify-start', mostrarRemetente && 'pt-2')}>
      {reservarAvatar && (
        <span className="w-7 shrink-0">
          {mostrarRemetente && <UserAvatar nome={nome} fotoUrl={m.remetenteFotoUrl} className="size-7" />}
        </span>
      )}
      <div className={cn('flex max-w-[80%] flex-col', minha ? 'items-end' : 'items-start')}>
        <div
          className={cn(
            // Media sit close to the bubble's edge; their caption and time keep the text padding.
            'flex min-w-0 flex-col gap-1 rounded-2xl text-sm shadow-xs',
            midia ? 'p-1 [&>p]:px-2 [&>span]:px-2 [&>span]:pb-0.5' : 'px-3 py-1.5',
            minha ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border bg-card text-card-foreground',
            m.envio === 'falhou' && 'ring-2 ring-destructive/60',
          )}
        >
          {mostrarRemetente && <span className="pt-0.5 text-xs font-semibold text-primary">{nome}</span>}
          {midia && <MessageMedia m={m} onLoad={onMediaLoad} />}
          {(m.tipo === 'text' || legenda) && <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{m.conteudo}</p>}
          <span
            className={cn(
              'flex items-center gap-1 self-end text-[11px] leading-none',
              minha ? 'text-primary-foreground/80' : 'text-muted-foreground',
            )}
          >
            <time dateTime={m.dataEnvio} title={dataHora(m.dataEnvio)} className="tabular-nums">
              {horaMensagem(m.dataEnvio)}
            </time>
            {m.envio === 'pendente' && <Clock className="size-3" aria-label={CONVERSA_TEXTS.enviando} />}
          </span>
        </div>
        {m.envio === 'falhou' && (
          <div className="mt-0.5 flex items-center gap-2 text-xs text-destructive">
            <span title={m.erro}>{CONVERSA_TEXTS.naoEnviada}</span>
            <Button variant="link" size="sm" className="h-auto p-0 text-xs text-destructive" onClick={() => onRetry(m)}>
              <RotateCw className="size-3" />
              {CONVERSA_TEXTS.tentarNovamente}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
