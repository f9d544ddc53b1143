import { Ban, Building2, CalendarClock, Mail, Phone, Reply, RotateCw, Sparkles, UserRound } from 'lucide-react';
import { Transcricao } from '@/features/ia/components/transcricao';
import { IA_PAINEL_TEXTS } from '@/features/ia/texts';
import type { TContato, TMensagem } from '@balcao/shared/atendimentos';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatHora } from '../format';
import { previewDe } from '../labels';
import type { TMensagemLocal } from '../message-cache';
import { INBOX_TEXTS, MENSAGENS_TEXTS } from '../texts';
import { MessageActions } from './message-actions';
import { MessageMedia } from './message-media';
import { failedAtProvider, linhaDaOrganizacao, telLink, textoDaLocalizacao } from '../whatsapp';
import { MessageTicks } from './message-status';

type Props = {
  m: TMensagemLocal;
  reacoes: TMensagemLocal[];
  /** Who wrote a message, as this screen names people ('Você', the customer's name, a colleague's). */
  nomeDe: (m: Pick<TMensagem, 'autor' | 'atendenteId' | 'atendenteNome'>) => string;
  /** Shows a colleague's name over his lines when several attendants wrote here. */
  mostrarAutor: boolean;
  onResponder?: (m: TMensagemLocal) => void;
  /** 'Citar no assistente': the message goes to the AI panel (the spec's pending citation). */
  onCitarNoAi?: (m: TMensagemLocal) => void;
  /** Voice notes get 'Transcrever' (those at the conversation with the AI tool). */
  podeTranscrever?: boolean;
  onRetry: (m: TMensagemLocal) => void;
  /** 'Reenviar' of a send the provider refused (WhatsApp status failed, with its reason). */
  onReenviar?: (m: TMensagemLocal) => void;
  onMediaLoad: () => void;
  /** The attendant's own sent message on a channel with edits: the menu with 'Editar' and 'Apagar para todos'. */
  alteravel?: boolean;
};

/** A message's buttons appear on hover or focus (always faintly on touch screens). */
const ESCONDIDO = 'opacity-0 transition-opacity focus-visible:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-60';

/** A system notice: a centred grey pill. */
export function SystemNotice({ m }: { m: TMensagem }) {
  return (
    <div className="flex justify-center py-1">
      <span className="max-w-[85%] rounded-full bg-muted px-3 py-1 text-center text-xs text-muted-foreground">
        {m.conteudo}{' '}
        <time className="ml-1 tabular-nums" dateTime={m.criadaEm}>
          {formatHora(m.criadaEm)}
        </time>
      </span>
    </div>
  );
}

/** Customer on the left, attendant on the right; media, quote, reactions, time, 'editada', ticks, retry. */
export function MessageBubble({
  m,
  reacoes,
  nomeDe,
  mostrarAutor,
  onResponder,
  onCitarNoAi,
  podeTranscrever = false,
  onRetry,
  onReenviar,
  onMediaLoad,
  alteravel,
}: Props) {
  const minha = m.autor === 'atendente';
  const temMidia = !m.apagada && (m.midia || m.localizacao);
  // A location's card shows its name and links the map: the text keeps only what the card does not say.
  const texto = m.tipo === 'location' && m.localizacao ? textoDaLocalizacao(m) : m.conteudo;
  // Shared contacts come as cards (the text only repeats them for previews); a typed '👤' line stays text.
  const contatos = !m.apagada && m.contatos?.length ? m.contatos : null;
  const temTexto = !m.apagada && !contatos && (m.tipo === 'text' || Boolean(texto));
  const recusada = failedAtProvider(m);
  return (
    <div className={cn('group flex flex-col py-0.5', minha ? 'items-end' : 'items-start', reacoes.length > 0 && 'pb-3.5')}>
      <div className="relative flex min-w-0 max-w-[85%] md:max-w-[70%]">
        <div
          className={cn(
            'relative flex min-w-0 flex-col gap-1 rounded-2xl border px-3 py-2 text-sm shadow-xs',
            minha ? 'rounded-br-md border-primary/15 bg-primary/10 dark:bg-primary/20' : 'rounded-bl-md bg-card',
            (m.envio === 'falhou' || recusada) && 'border-destructive/50',
            // A private note: highlighted so no one takes it for something the customer read.
            m.interna && 'border-amber-400/70 bg-amber-50 dark:bg-amber-900/30',
          )}
          data-interna={m.interna ? 'true' : undefined}
        >
          {m.interna && (
            <span className="text-[11px] font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-200">Nota interna</span>
          )}
          {mostrarAutor && minha && <span className="text-xs font-medium text-primary">{nomeDe(m)}</span>}
          {m.respondendoA && !m.apagada && (
            <div className="rounded-md border-l-2 border-primary/60 bg-background/60 px-2 py-1 text-xs">
              <span className="block font-medium text-primary">
                {nomeDe({ autor: m.respondendoA.autor, atendenteId: null, atendenteNome: null })}
              </span>
              <span className="line-clamp-2 text-muted-foreground">{previewDe(m.respondendoA.tipo, m.respondendoA.conteudo).texto}</span>
            </div>
          )}
          {m.apagada ? (
            <p className="italic text-muted-foreground">
              <Ban className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden />
              {MENSAGENS_TEXTS.apagada}
              <Rodape m={m} minha={minha} reserva />
            </p>
          ) : (
            <>
              {temMidia && <MessageMedia m={m} onLoad={onMediaLoad} />}
              {m.tipo === 'audio' && m.midia && !m.envio && <Transcricao m={m} podeTranscrever={podeTranscrever} />}
              {contatos && <Contatos contatos={contatos} />}
              {temTexto && (
                <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">
                  {texto}
                  <Rodape m={m} minha={minha} reserva />
                </p>
              )}
            </>
          )}
          <Rodape m={m} minha={minha} className={m.apagada || temTexto ? 'absolute bottom-2 right-3' : 'self-end'} />
          {reacoes.length > 0 && <Reacoes reacoes={reacoes} nomeDe={nomeDe} minha={minha} />}
        </div>
        {/* Outside the bubble, so the hidden buttons take no width from the text. */}
        {((onResponder && !m.apagada && !m.envio) || (onCitarNoAi && !m.apagada && !m.envio) || alteravel) && (
          <div
            className={cn(
              'absolute top-1/2 flex -translate-y-1/2 items-center',
              minha ? 'right-full mr-1 flex-row-reverse' : 'left-full ml-1',
            )}
          >
            {onResponder && !m.apagada && !m.envio && (
              <Button
                variant="ghost"
                size="icon"
                className={cn('size-7 text-muted-foreground', ESCONDIDO)}
                onClick={() => onResponder(m)}
                aria-label={MENSAGENS_TEXTS.responder}
                title={MENSAGENS_TEXTS.responder}
              >
                <Reply />
              </Button>
            )}
            {onCitarNoAi && !m.apagada && !m.envio && (
              <Button
                variant="ghost"
                size="icon"
                className={cn('size-7 text-muted-foreground', ESCONDIDO)}
                onClick={() => onCitarNoAi(m)}
                aria-label={IA_PAINEL_TEXTS.citarNoAssistente}
                title={IA_PAINEL_TEXTS.citarNoAssistente}
              >
                <Sparkles />
              </Button>
            )}
            {alteravel && <MessageActions m={m} className={ESCONDIDO} />}
          </div>
        )}
      </div>
      {recusada && (
        <div className="mt-0.5 flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 text-xs text-destructive md:max-w-[70%]">
          <span>
            {MENSAGENS_TEXTS.naoEnviada}
            {m.erroEnvio ? `: ${m.erroEnvio}` : ''}
          </span>
          {onReenviar && (
            <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => onReenviar(m)}>
              <RotateCw className="size-3" />
              {MENSAGENS_TEXTS.reenviar}
            </Button>
          )}
        </div>
      )}
      {m.envio === 'falhou' && (
        <div className="mt-0.5 flex items-center gap-2 text-xs text-destructive">
          <span title={m.erro}>
            {MENSAGENS_TEXTS.naoEnviada}
            {m.erro ? `: ${m.erro}` : ''}
          </span>
          <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => onRetry(m)}>
            <RotateCw className="size-3" />
            {INBOX_TEXTS.tentarNovamente}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * 'agendada', time, 'editada' and ticks. After text it sits on the last line when there is room (WhatsApp-style):
 * an invisible copy at the end of the text reserves exactly its width, the visible one is placed there.
 */
function Rodape({ m, minha, reserva, className }: { m: TMensagemLocal; minha: boolean; reserva?: boolean; className?: string }) {
  return (
    <span
      aria-hidden={reserva}
      className={cn(
        'inline-flex items-center gap-1 text-[11px] leading-none text-muted-foreground',
        reserva ? 'invisible ml-2 align-baseline' : 'not-italic',
        className,
      )}
    >
      {m.agendada && (
        <span className="inline-flex items-center gap-0.5" title={MENSAGENS_TEXTS.agendadaTitulo}>
          <CalendarClock className="size-3" aria-hidden />
          {MENSAGENS_TEXTS.agendada}
        </span>
      )}
      {m.editada && !m.apagada && <span className="italic">{MENSAGENS_TEXTS.editada}</span>}
      <time dateTime={m.criadaEm} className="tabular-nums">
        {formatHora(m.criadaEm)}
      </time>
      {minha && <MessageTicks m={m} />}
    </span>
  );
}

/** Reactions sit on the message they answer: one chip per emoji, with who reacted in its title. */
function Reacoes({ reacoes, nomeDe, minha }: { reacoes: TMensagemLocal[]; nomeDe: Props['nomeDe']; minha: boolean }) {
  const porEmoji = new Map<string, string[]>();
  for (const r of reacoes) if (!r.apagada && r.conteudo) porEmoji.set(r.conteudo, [...(porEmoji.get(r.conteudo) ?? []), nomeDe(r)]);
  if (porEmoji.size === 0) return null;
  return (
    <span className={cn('absolute -bottom-3 flex gap-0.5', minha ? 'left-2' : 'right-2')}>
      {[...porEmoji].map(([emoji, quem]) => (
        <span
          key={emoji}
          title={`${quem.join(', ')} ${MENSAGENS_TEXTS.reagiu} ${emoji}`}
          className="rounded-full border bg-background px-1.5 text-xs leading-5 shadow-xs"
        >
          {emoji}
          {quem.length > 1 && <span className="ml-0.5 text-[10px] text-muted-foreground">{quem.length}</span>}
        </span>
      ))}
    </span>
  );
}

/** A reaction whose message is not loaded: a small line instead. */
export function ReactionLine({ m, nome }: { m: TMensagem; nome: string }) {
  return (
    <div className={cn('flex py-0.5 text-xs text-muted-foreground', m.autor === 'atendente' ? 'justify-end' : 'justify-start')}>
      {nome} {MENSAGENS_TEXTS.reagiu} {m.conteudo} ·{' '}
      <time className="ml-1 tabular-nums" dateTime={m.criadaEm}>
        {formatHora(m.criadaEm)}
      </time>
    </div>
  );
}

/** Contacts the customer shared on WhatsApp: a card each, numbers callable, e-mails writable, the organisation. */
function Contatos({ contatos }: { contatos: TContato[] }) {
  return (
    <ul className="flex flex-col gap-1.5" aria-label={MENSAGENS_TEXTS.contato}>
      {contatos.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same name may be shared twice; the order is fixed
        <li key={i} className="flex w-64 max-w-full items-start gap-3 rounded-md border bg-background/70 p-2.5">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UserRound className="size-4" aria-hidden />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-medium">{c.nome}</span>
            {c.organizacao && (
              <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <Building2 className="size-3 shrink-0" aria-hidden />
                <span className="truncate">{linhaDaOrganizacao(c.organizacao)}</span>
              </span>
            )}
            {c.telefones.map((t) => (
              <a
                key={t.numero}
                href={telLink(t.numero)}
                className="inline-flex items-center gap-1 text-xs tabular-nums text-primary hover:underline"
                aria-label={`${MENSAGENS_TEXTS.ligarPara} ${c.nome}: ${t.numero}`}
              >
                <Phone className="size-3" aria-hidden />
                {t.numero}
              </a>
            ))}
            {c.emails.map((e) => (
              <a
                key={e.email}
                href={`mailto:${e.email}`}
                className="inline-flex min-w-0 items-center gap-1 text-xs text-primary hover:underline"
                aria-label={`${MENSAGENS_TEXTS.escreverPara} ${c.nome}: ${e.email}`}
              >
                <Mail className="size-3 shrink-0" aria-hidden />
                <span className="truncate">{e.email}</span>
              </a>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}
