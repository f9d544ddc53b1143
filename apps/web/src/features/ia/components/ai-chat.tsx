import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FileText, Languages, ListChecks, MessageSquareReply, Quote, SendHorizontal, Sparkles, Square, Wand2, X } from 'lucide-react';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { ACOES_IA_ROTULOS, type TAssistenteInput, TONS_IA, TONS_IA_ROTULOS, type TTomIa } from '@balcao/shared/ia';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyState } from '@/features/atendimentos/components/empty-state';
import { useChatContext } from '@/features/atendimentos/context/chat-context';
import { IA_PAINEL_TEXTS as T } from '../texts';
import { useAssistente } from '../use-assistente';
import { AiMessage } from './ai-message';

type Form = 'melhorar' | 'traduzir' | null;

/** What the attendant's side shows for a request. */
function rotulo(input: TAssistenteInput): string {
  if (input.acao === 'livre') return input.pergunta || T.citando;
  if (input.acao === 'melhorar')
    return `${ACOES_IA_ROTULOS.melhorar} (${TONS_IA_ROTULOS[input.tom ?? 'profissional']}): ${input.texto ?? ''}`;
  if (input.acao === 'traduzir') return input.texto ? `${ACOES_IA_ROTULOS.traduzir}: ${input.texto}` : ACOES_IA_ROTULOS.traduzir;
  return ACOES_IA_ROTULOS[input.acao];
}

/** The chat with the assistant about this conversation: quick actions, a free question, the streamed answers. */
export function AiChat({ atendimento }: { atendimento: TAtendimento }) {
  const { citacaoAiPendente: citacao, limparCitacaoAi } = useChatContext();
  const { mensagens, pedir, ativo, parar } = useAssistente(atendimento.atendimentoId, rotulo);
  const [pergunta, setPergunta] = useState('');
  const [form, setForm] = useState<Form>(null);
  const [texto, setTexto] = useState('');
  const [tom, setTom] = useState<TTomIa>('profissional');
  const [idioma, setIdioma] = useState('');
  const fim = useRef<HTMLDivElement>(null);
  const ultimo = mensagens.at(-1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new piece of the answer scrolls to it
  useEffect(() => {
    fim.current?.scrollIntoView({ block: 'end' });
  }, [mensagens.length, ultimo?.content]);

  const comCitacao = (input: TAssistenteInput): TAssistenteInput => {
    if (!citacao) return input;
    limparCitacaoAi();
    return { ...input, mensagemCitadaId: citacao.id };
  };
  const perguntar = () => {
    const p = pergunta.trim();
    if ((!p && !citacao) || ativo) return;
    setPergunta('');
    void pedir(comCitacao({ acao: 'livre', ...(p ? { pergunta: p } : {}) }));
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      perguntar();
    }
  };
  const enviarForm = () => {
    if (form === 'melhorar' && texto.trim()) void pedir({ acao: 'melhorar', texto: texto.trim(), tom });
    if (form === 'traduzir')
      void pedir({
        acao: 'traduzir',
        ...(texto.trim() ? { texto: texto.trim() } : {}),
        ...(idioma.trim() ? { idioma: idioma.trim() } : {}),
      });
    setForm(null);
    setTexto('');
  };
  const acao = 'h-8 justify-start gap-1.5 px-2 text-xs';

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3" aria-live="polite">
        {mensagens.length === 0 ? (
          <EmptyState icon={Sparkles} title={T.vazio} line={T.vazioLinha} />
        ) : (
          <ol className="flex flex-col gap-3">
            {mensagens.map((m) => (
              <AiMessage key={m.id} m={m} />
            ))}
          </ol>
        )}
        <div ref={fim} />
      </div>
      <div className="flex flex-col gap-2 border-t p-3">
        <div className="grid grid-cols-2 gap-1.5">
          <Button variant="outline" size="sm" className={acao} disabled={ativo} onClick={() => void pedir(comCitacao({ acao: 'sugerir' }))}>
            <MessageSquareReply /> {ACOES_IA_ROTULOS.sugerir}
          </Button>
          <Button variant="outline" size="sm" className={acao} disabled={ativo} onClick={() => void pedir({ acao: 'resumir' })}>
            <ListChecks /> {ACOES_IA_ROTULOS.resumir}
          </Button>
          <Button
            variant={form === 'melhorar' ? 'secondary' : 'outline'}
            size="sm"
            className={acao}
            disabled={ativo}
            onClick={() => setForm(form === 'melhorar' ? null : 'melhorar')}
            aria-expanded={form === 'melhorar'}
          >
            <Wand2 /> {ACOES_IA_ROTULOS.melhorar}
          </Button>
          <Button
            variant={form === 'traduzir' ? 'secondary' : 'outline'}
            size="sm"
            className={acao}
            disabled={ativo}
            onClick={() => setForm(form === 'traduzir' ? null : 'traduzir')}
            aria-expanded={form === 'traduzir'}
          >
            <Languages /> {ACOES_IA_ROTULOS.traduzir}
          </Button>
        </div>
        {form && (
          <div className="flex flex-col gap-2 rounded-md border bg-muted/40 p-2">
            <textarea
              aria-label={form === 'melhorar' ? T.melhorarRascunho : T.traduzirTexto}
              placeholder={form === 'melhorar' ? T.melhorarPlaceholder : T.traduzirTexto}
              className="min-h-16 w-full resize-none rounded-md border bg-background px-2 py-1.5 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
            />
            <div className="flex items-center gap-2">
              {form === 'melhorar' ? (
                <NativeSelect aria-label={T.tom} value={tom} onChange={(e) => setTom(e.target.value as TTomIa)} className="h-8 flex-1">
                  {TONS_IA.map((t) => (
                    <option key={t} value={t}>
                      {TONS_IA_ROTULOS[t]}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                <Input
                  aria-label={T.idioma}
                  placeholder={T.idioma}
                  value={idioma}
                  onChange={(e) => setIdioma(e.target.value)}
                  className="h-8 flex-1"
                />
              )}
              <Button size="sm" onClick={enviarForm} disabled={form === 'melhorar' && !texto.trim()}>
                <Sparkles /> {form === 'melhorar' ? ACOES_IA_ROTULOS.melhorar : ACOES_IA_ROTULOS.traduzir}
              </Button>
            </div>
          </div>
        )}
        {citacao && (
          <div className="flex items-start gap-2 rounded-md border-l-4 border-primary bg-muted/50 px-2 py-1.5 text-xs">
            <Quote className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {T.citando}: {citacao.nome}
              </p>
              <p className="line-clamp-2 text-muted-foreground">{citacao.conteudo || `(${citacao.tipo})`}</p>
            </div>
            <Button variant="ghost" size="icon" className="size-6" onClick={limparCitacaoAi} aria-label={T.removerCitacao}>
              <X />
            </Button>
          </div>
        )}
        {/* The right end stays clear of the internal chat's launcher in the window's corner. */}
        <div className="flex items-end gap-2 pr-14">
          <textarea
            aria-label={T.perguntaPlaceholder}
            placeholder={T.perguntaPlaceholder}
            rows={2}
            className="min-h-10 flex-1 resize-none rounded-md border bg-transparent px-2 py-1.5 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
            value={pergunta}
            onChange={(e) => setPergunta(e.target.value)}
            onKeyDown={onKey}
          />
          {ativo ? (
            <Button size="icon" variant="outline" onClick={parar} aria-label={T.parar}>
              <Square />
            </Button>
          ) : (
            <Button size="icon" onClick={perguntar} disabled={!pergunta.trim() && !citacao} aria-label={T.enviar}>
              <SendHorizontal />
            </Button>
          )}
        </div>
        <p className="flex items-center gap-1 pr-14 text-[11px] text-muted-foreground">
          <FileText className="size-3" aria-hidden /> {T.vazioLinha}
        </p>
      </div>
    </div>
  );
}
