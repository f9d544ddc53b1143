import { tituloConversa, type TConversa } from '@balcao/shared/chat-interno';
import { cn } from '@/lib/utils';
import { textoBadge } from '../badge';
import { horaNaLista, previaDaLinha } from '../format';
import { PAINEL_TEXTS } from '../launcher-texts';
import { ConversaAvatar } from './conversa-avatar';

type Props = { conversa: TConversa; eu: { id: string; nome: string }; selecionada: boolean; onSelecionar: (id: string) => void };

/** Spec part 2 §2 row: photo/initials/group icon, title, time of the last message, preview or 'Sem mensagens', unread badge. */
export function ConversationRow({ conversa, eu, selecionada, onSelecionar }: Props) {
  const badge = textoBadge(conversa.qtdMensagensNaoVistas);
  const hora = horaNaLista(conversa.dataHoraUltimaMensagem);
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelecionar(conversa.id)}
        aria-current={selecionada || undefined}
        className={cn(
          'flex h-16 w-full items-center gap-3 border-l-2 border-transparent px-3 text-left outline-none transition-colors hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring/60',
          // The page's own background (not a tint) keeps the avatar's initials readable in both themes.
          selecionada && 'border-primary bg-background hover:bg-background',
        )}
      >
        <ConversaAvatar conversa={conversa} className="size-10" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={cn('min-w-0 flex-1 truncate text-sm', badge ? 'font-semibold' : 'font-medium')}>
              {tituloConversa(conversa)}
            </span>
            {hora && (
              <span className={cn('shrink-0 text-[11px] tabular-nums', badge ? 'font-medium text-primary' : 'text-muted-foreground')}>
                {hora}
              </span>
            )}
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('min-w-0 flex-1 truncate text-xs', badge ? 'text-foreground' : 'text-muted-foreground')}>
              {previaDaLinha(conversa, eu)}
            </span>
            {badge && (
              <span
                data-testid="chat-interno-row-badge"
                title={PAINEL_TEXTS.naoVistas(conversa.qtdMensagensNaoVistas)}
                className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold leading-none text-primary-foreground tabular-nums"
              >
                {badge}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}
