import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { useAtendimento } from '../api';

/** A message being answered: its id plus what the composer shows above the text box. */
export type TCitacao = Pick<TMensagem, 'id' | 'autor' | 'tipo' | 'conteudo'> & { nome: string };
export type TAiMensagem = { id: string; timestamp: string; content: string };

/** Spec part 2 §3 "Chat context (shared state)". */
export type TChatContext = {
  atendimentoSelecionadoId: string | null;
  atendimentoSelecionado: TAtendimento | null;
  selecionar: (id: string | null) => void;
  aiAberto: boolean;
  abrirAi: () => void;
  fecharAi: () => void;
  alternarAi: () => void;
  aiMensagens: TAiMensagem[];
  adicionarAiMensagem: (m: TAiMensagem) => void;
  /** Text another part of the screen (quick messages, AI) wants in the main composer. */
  textoPendente: string | null;
  inserirTexto: (texto: string) => void;
  limparTextoPendente: () => void;
  citacaoPendente: TCitacao | null;
  citar: (c: TCitacao) => void;
  limparCitacao: () => void;
};

const ChatContext = createContext<TChatContext | null>(null);
/** The open conversation lives in the address (?conversa=), so a reload or a shared link reopens it. */
export const CONVERSA_PARAM = 'conversa';

export function ChatProvider({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const selecionadoId = params.get(CONVERSA_PARAM);
  const { data: atendimento } = useAtendimento(selecionadoId);
  const [aiAberto, setAiAberto] = useState(false);
  const [aiMensagens, setAiMensagens] = useState<TAiMensagem[]>([]);
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

  const value = useMemo<TChatContext>(
    () => ({
      atendimentoSelecionadoId: selecionadoId,
      atendimentoSelecionado: atendimento ?? null,
      selecionar,
      aiAberto,
      abrirAi: () => setAiAberto(true),
      fecharAi: () => setAiAberto(false),
      alternarAi: () => setAiAberto((v) => !v),
      aiMensagens,
      adicionarAiMensagem: (m) => setAiMensagens((list) => [...list, m]),
      textoPendente,
      inserirTexto: setTextoPendente,
      limparTextoPendente: () => setTextoPendente(null),
      // A citation belongs to the conversation it was taken in; another conversation does not show it.
      citacaoPendente: citacao && citacao.de === selecionadoId ? citacao.c : null,
      citar: (c) => selecionadoId && setCitacao({ de: selecionadoId, c }),
      limparCitacao: () => setCitacao(null),
    }),
    [selecionadoId, atendimento, selecionar, aiAberto, aiMensagens, textoPendente, citacao],
  );
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>;
}

const conversaNa = (params: URLSearchParams) => params.get(CONVERSA_PARAM);

export function useChatContext(): TChatContext {
  const ctx = useContext(ChatContext);
  if (!ctx) throw new Error('useChatContext must be used inside <ChatProvider>');
  return ctx;
}
