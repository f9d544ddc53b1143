import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { useAtendimento } from '../api';

/** A message being answered: its id plus what the composer shows above the text box. */
export type TCitacao = Pick<TMensagem, 'id' | 'autor' | 'tipo' | 'conteudo'> & { nome: string };
/** Spec part 2 "AI chat message" (id, timestamp, content), with who wrote it, its sources and whether it is still streaming. */
export type TAiMensagem = {
  id: string;
  timestamp: string;
  content: string;
  papel?: 'usuario' | 'assistente';
  fontes?: { titulo: string; url: string | null }[];
  escrevendo?: boolean;
  erro?: boolean;
};

/** Spec part 2 §3 "Chat context (shared state)". */
export type TChatContext = {
  atendimentoSelecionadoId: string | null;
  atendimentoSelecionado: TAtendimento | null;
  selecionar: (id: string | null) => void;
  aiAberto: boolean;
  abrirAi: () => void;
  fecharAi: () => void;
  alternarAi: () => void;
  /** The open conversation's AI messages (the panel's state is kept per conversation). */
  aiMensagens: TAiMensagem[];
  adicionarAiMensagem: (m: TAiMensagem) => void;
  definirAiMensagens: (list: TAiMensagem[]) => void;
  atualizarAiMensagem: (id: string, patch: Partial<TAiMensagem>) => void;
  /** A customer message sent to the AI panel ('Citar no assistente'); the reply quote is `citacaoPendente`. */
  citacaoAiPendente: TCitacao | null;
  citarNoAi: (c: TCitacao) => void;
  limparCitacaoAi: () => void;
  /** Text another part of the screen (quick messages, AI) wants in the main composer. */
  textoPendente: string | null;
  inserirTexto: (texto: string) => void;
  limparTextoPendente: () => void;
  citacaoPendente: TCitacao | null;
  citar: (c: TCitacao) => void;
  limparCitacao: () => void;
};

const SEM_MENSAGENS: TAiMensagem[] = [];
const ChatContext = createContext<TChatContext | null>(null);
/** The open conversation lives in the address (?conversa=), so a reload or a shared link reopens it. */
export const CONVERSA_PARAM = 'conversa';

export function ChatProvider({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const selecionadoId = params.get(CONVERSA_PARAM);
  const { data: atendimento } = useAtendimento(selecionadoId);
  const [aiAbertoPor, setAiAbertoPor] = useState<Record<string, boolean>>({});
  const [aiMensagensPor, setAiMensagensPor] = useState<Record<string, TAiMensagem[]>>({});
  const [citacaoAi, setCitacaoAi] = useState<{ de: string; c: TCitacao } | null>(null);
  const [textoPendente, setTextoPendente] = useState<string | null>(null);
  const [citacao, setCitacao] = useState<{ de: string; c: TCitacao } | null>(null);

  const selecionar = useCallback(
    (id: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(CONVERSA_PARAM, id);
          else next.delete(CONVERSA_PARAM);
          return next;
        },
        // Opening from the list is a step the phone's back button undoes; switching is not.
        { replace: Boolean(id && conversaNa(params)) },
      ),
    [params, setParams],
  );

  const value = useMemo<TChatContext>(() => {
    const conversa = selecionadoId ?? '';
    const abrir = (v: boolean | ((atual: boolean) => boolean)) =>
      setAiAbertoPor((m) => ({ ...m, [conversa]: typeof v === 'function' ? v(Boolean(m[conversa])) : v }));
    const mudarMensagens = (f: (list: TAiMensagem[]) => TAiMensagem[]) =>
      setAiMensagensPor((m) => ({ ...m, [conversa]: f(m[conversa] ?? []) }));
    return {
      atendimentoSelecionadoId: selecionadoId,
      atendimentoSelecionado: atendimento ?? null,
      selecionar,
      aiAberto: Boolean(selecionadoId && aiAbertoPor[conversa]),
      abrirAi: () => abrir(true),
      fecharAi: () => abrir(false),
      alternarAi: () => abrir((v) => !v),
      aiMensagens: aiMensagensPor[conversa] ?? SEM_MENSAGENS,
      adicionarAiMensagem: (m) => mudarMensagens((list) => [...list, m]),
      definirAiMensagens: (list) => mudarMensagens(() => list),
      atualizarAiMensagem: (id, patch) => mudarMensagens((list) => list.map((m) => (m.id === id ? { ...m, ...patch } : m))),
      citacaoAiPendente: citacaoAi && citacaoAi.de === selecionadoId ? citacaoAi.c : null,
      citarNoAi: (c) => {
        if (!selecionadoId) return;
        setCitacaoAi({ de: selecionadoId, c });
        abrir(true);
      },
      limparCitacaoAi: () => setCitacaoAi(null),
      textoPendente,
      inserirTexto: setTextoPendente,
      limparTextoPendente: () => setTextoPendente(null),
      // A citation belongs to the conversation it was taken in; another conversation does not show it.
      citacaoPendente: citacao && citacao.de === selecionadoId ? citacao.c : null,
      citar: (c) => selecionadoId && setCitacao({ de: selecionadoId, c }),
      limparCitacao: () => setCitacao(null),
    };
  }, [selecionadoId, atendimento, selecionar, aiAbertoPor, aiMensagensPor, textoPendente, citacao, citacaoAi]);
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>;
}

const conversaNa = (params: URLSearchParams) => params.get(CONVERSA_PARAM);

export function useChatContext(): TChatContext {
  const ctx = useContext(ChatContext);
  if (!ctx) throw new Error('useChatContext must be used inside <ChatProvider>');
  return ctx;
}
