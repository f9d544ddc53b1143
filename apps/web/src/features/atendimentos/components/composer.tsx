import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { BookOpen, Clock, FileCheck2, Lock, Paperclip, Reply, SendHorizontal, X } from 'lucide-react';
import { MENSAGEM_MAX_CHARS, type TAtendimento } from '@balcao/shared/atendimentos';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useChatContext } from '../context/chat-context';
import { previewDe } from '../labels';
import { customerChat } from '../realtime/customer-chat';
import { sendMensagem } from '../send';
import { COMPOSER_TEXTS } from '../texts';
import { formatClosesAt, useJanela } from '../janela';
import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { COMPOSER_MAX_LINHAS, DIGITANDO_OCIOSO_MS } from '../ui-constants';
import { ANEXO_ACCEPT, useAnexos } from '../use-anexos';
import { AttachmentTray } from './attachment-tray';
import { ModeloDialog } from './modelo-dialog';
import { useHasModelos } from '../api';
import { MessageTextarea } from '@/components/ui/message-textarea';
import { opcaoId, RapidasPicker } from '@/features/mensagens-rapidas/picker';
import { BuscaDocumentosDialog } from '@/features/documentacao/busca-dialog';
import { useBarraRapidas } from '@/features/mensagens-rapidas/use-barra';

/** Unsent text per conversation, so switching conversations does not lose a half-written answer. */
const rascunhos = new Map<string, string>();

/**
 * Who may write (the contract's rule): an accepted conversation, by its attendant; admin and master
 * may answer any open one. The line says why the box is closed.
 */
export function motivoBloqueio(a: TAtendimento, user: Pick<TCurrentUser, 'id' | 'role'>): string | null {
  if (a.status === 'aguardando') return COMPOSER_TEXTS.aceiteParaResponder;
  if (a.status === 'finalizado') return COMPOSER_TEXTS.finalizado;
  if (a.atendenteId !== user.id && user.role !== 'admin' && user.role !== 'master') return COMPOSER_TEXTS.comOutro(a.atendenteNome);
  return null;
}

/** Text (Enter sends, Shift+Enter breaks the line), attachments with progress, the pending citation. */
export function Composer({ atendimento, user, noCanto }: { atendimento: TAtendimento; user: TCurrentUser; noCanto?: boolean }) {
  const id = atendimento.atendimentoId;
  const qc = useQueryClient();
  const { citacaoPendente, limparCitacao, textoPendente, limparTextoPendente } = useChatContext();
  const [texto, setTexto] = useState(() => rascunhos.get(id) ?? '');
  const { anexos, adicionar, remover, enviarTodos, enviando } = useAnexos(id);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const digitando = useRef(false);
  const dicaId = useId();
  const ocioso = useRef<number | undefined>(undefined);
  const bloqueio = motivoBloqueio(atendimento, user);
  const { estado: janela, agora } = useJanela(atendimento);
  const podeAgendar = user.role === 'admin' || user.role === 'master';
  const temModelos = useHasModelos(atendimento.canalId);
  const [modeloAberto, setModeloAberto] = useState(false);
  const [docsAberto, setDocsAberto] = useState(false);

  const mudar = (v: string) => {
    setTexto(v);
    rascunhos.set(id, v);
    avisarDigitando(v.length > 0);
  };
  const listaId = useId();
  // '/' opens the quick messages; the chosen one replaces '/consulta', the caret after it.
  const barra = useBarraRapidas({ nome: atendimento.clienteNome, atendente: user.nome }, (v, caret) => {
    mudar(v);
    requestAnimationFrame(() => area.current?.setSelectionRange(caret, caret));
  });

  /** The customer sees 'digitando' while the attendant types, and stops seeing it after a pause. */
  const avisarDigitando = (agora: boolean) => {
    window.clearTimeout(ocioso.current);
    if (agora) ocioso.current = window.setTimeout(() => avisarDigitando(false), DIGITANDO_OCIOSO_MS);
    if (agora !== digitando.current) {
      digitando.current = agora;
      customerChat.typing(id, agora);
    }
  };

  // Text another part of the screen asked to insert (quick messages, the AI panel) goes in at the caret.
  useEffect(() => {
    if (textoPendente === null || bloqueio) return;
    const el = area.current;
    const atual = el?.value ?? '';
    const ini = el?.selectionStart ?? atual.length;
    mudar(atual.slice(0, ini) + textoPendente + atual.slice(el?.selectionEnd ?? ini));
    limparTextoPendente();
    el?.focus();
  });

  useEffect(() => {
    if (citacaoPendente) area.current?.focus();
  }, [citacaoPendente]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: texto is the trigger: the height follows the content the effect measures
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const linha = parseFloat(getComputedStyle(el).lineHeight) || 0;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, linha * COMPOSER_MAX_LINHAS + (el.offsetHeight - el.clientHeight))}px`;
  }, [texto]);

  useEffect(
    () => () => {
      window.clearTimeout(ocioso.current);
      if (digitando.current) customerChat.typing(id, false);
    },
    [id],
  );

  const enviar = async () => {
    if (bloqueio || enviando) return;
    const conteudo = texto.trim();
    if (!conteudo && anexos.length === 0) return;
    const citacao = citacaoPendente;
    if (anexos.length > 0) {
      // The text travels as the caption of the first file sent, as WhatsApp shows it.
      const enviados = await enviarTodos((u, i) => {
        sendMensagem(qc, atendimento, user, {
          tipo: u.tipo,
          conteudo: i === 0 ? conteudo : '',
          midia: { url: u.url, mimeType: u.mimeType, filename: u.filename, size: u.size },
          citacao: i === 0 ? citacao : null,
        });
      });
      if (enviados === 0) return;
    } else {
      sendMensagem(qc, atendimento, user, { tipo: 'text', conteudo, citacao });
    }
    mudar('');
    limparCitacao();
    area.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (barra.onKeyDown(e, texto)) {
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void enviar();
    } else if (e.key === 'Escape' && citacaoPendente) {
      e.stopPropagation();
      limparCitacao();
    }
  };

  if (bloqueio) {
    return (
      <div className="flex shrink-0 items-center justify-center gap-2 border-t bg-background px-4 py-4 text-sm text-muted-foreground">
        <Lock className="size-4" aria-hidden />
        {bloqueio}
      </div>
    );
  }

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
      {janela && !janela.aberta && atendimento.status !== 'finalizado' && (
        <div
          role="alert"
          className="mx-3 mt-2 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>
            <strong className="block font-semibold">{COMPOSER_TEXTS.foraDaJanelaTitulo}</strong>
            <p>{WHATSAPP_TEXTS.foraDaJanela}</p>
            {temModelos ? (
              <Button type="button" size="sm" variant="outline" className="mt-2 bg-background" onClick={() => setModeloAberto(true)}>
                <FileCheck2 aria-hidden />
                {COMPOSER_TEXTS.enviarModelo}
              </Button>
            ) : (
              podeAgendar && (
                <Link to="/mensagens-agendadas" className="mt-1 inline-block font-medium underline underline-offset-2">
                  {COMPOSER_TEXTS.enviarModelo}
                </Link>
              )
            )}
          </div>
        </div>
      )}
      {janela?.aberta && atendimento.status !== 'finalizado' && (
        <p
          role="status"
          className={cn(
            'mx-3 mt-2 flex items-center gap-1.5 text-xs',
            janela.fechaLogo ? 'font-medium text-amber-700 dark:text-amber-300' : 'text-muted-foreground',
          )}
        >
          <Clock className="size-3.5 shrink-0" aria-hidden />
          {`${COMPOSER_TEXTS.janelaAberta} · ${formatClosesAt(janela.fechaEm, agora)}`}
        </p>
      )}
      {citacaoPendente && (
        <div className="mx-3 mt-2 flex items-start gap-2 rounded-md border-l-2 border-primary bg-muted/60 px-2.5 py-1.5">
          <Reply className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
          <div className="min-w-0 flex-1 text-xs">
            <span className="font-medium text-primary">
              {COMPOSER_TEXTS.respondendoA} {citacaoPendente.nome}
            </span>
            <p className="truncate text-muted-foreground">{previewDe(citacaoPendente.tipo, citacaoPendente.conteudo).texto}</p>
          </div>
          <button
            type="button"
            onClick={limparCitacao}
            aria-label={COMPOSER_TEXTS.cancelarResposta}
            className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X className="size-3.5" />
          </button>
        </div>
      )}
      <AttachmentTray anexos={anexos} onRemover={remover} />
      {/* In the window's bottom-right corner (always on phones) the internal chat's floating button sits beside the send button: leave it room. */}
      <div className={cn('relative flex items-end gap-2 p-3 max-md:pr-16', noCanto && 'md:pr-20')}>
        {barra.aberto && (
          <RapidasPicker
            id={listaId}
            itens={barra.itens}
            ativo={barra.ativo}
            carregando={barra.carregando}
            onEscolher={(m) => barra.escolher(m, texto)}
          />
        )}
        <input
          ref={picker}
          type="file"
          multiple
          accept={ANEXO_ACCEPT}
          className="hidden"
          onChange={(e) => {
            adicionar(e.target.files ?? []);
            e.target.value = '';
          }}
        />
        <Button
          variant="ghost"
          size="icon"
          className="size-9 shrink-0 text-muted-foreground"
          onClick={() => picker.current?.click()}
          data-analytics-id="atendimento-anexar"
          aria-label={COMPOSER_TEXTS.anexar}
          title={COMPOSER_TEXTS.anexar}
          disabled={enviando}
        >
          <Paperclip />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9 shrink-0 text-muted-foreground"
          onClick={() => setDocsAberto(true)}
          aria-label="Procurar na base de conhecimento"
          title="Procurar na base de conhecimento"
        >
          <BookOpen />
        </Button>
        <MessageTextarea
          ref={area}
          value={texto}
          onChange={(e) => {
            mudar(e.target.value);
            barra.acompanhar(e.target.value, e.target.selectionStart);
          }}
          onSelect={(e) => barra.acompanhar(e.currentTarget.value, e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          aria-autocomplete="list"
          aria-controls={barra.aberto && barra.itens.length > 0 ? listaId : undefined}
          aria-activedescendant={barra.aberto && barra.itens.length > 0 ? opcaoId(listaId, barra.ativo) : undefined}
          onFiles={adicionar}
          maxLength={MENSAGEM_MAX_CHARS}
          placeholder={COMPOSER_TEXTS.placeholder}
          aria-label={COMPOSER_TEXTS.placeholder}
          aria-describedby={dicaId}
          className="max-h-48"
        />
        <Button
          size="icon"
          className="size-9 shrink-0"
          onClick={() => void enviar()}
          data-analytics-id="atendimento-enviar"
          disabled={enviando || (!texto.trim() && anexos.length === 0)}
          aria-label={COMPOSER_TEXTS.enviar}
          title={COMPOSER_TEXTS.enviar}
        >
          <SendHorizontal />
        </Button>
      </div>
      <p id={dicaId} className="sr-only">
        {COMPOSER_TEXTS.dica}
      </p>
      <ModeloDialog atendimento={atendimento} user={user} open={modeloAberto} onOpenChange={setModeloAberto} />
      {docsAberto && (
        <BuscaDocumentosDialog
          open={docsAberto}
          onOpenChange={setDocsAberto}
          onInserir={(t) => {
            mudar(texto ? `${texto}${texto.endsWith(' ') || texto.endsWith('\n') ? '' : ' '}${t}` : t);
            requestAnimationFrame(() => area.current?.focus());
          }}
        />
      )}
    </div>
  );
}
