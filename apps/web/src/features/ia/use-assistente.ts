import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAssistenteInput } from '@balcao/shared/ia';
import { errorMessage } from '@/lib/http';
import { useChatContext } from '@/features/atendimentos/context/chat-context';
import { iaKeys, pedirAssistente, useIaHistorico } from './api';
import { IA_PAINEL_TEXTS as T } from './texts';

const agora = () => new Date().toISOString();
let seq = 0;
const localId = () => `local-${Date.now().toString(36)}-${seq++}`;

/**
 * The panel's conversation with the assistant: the stored history (into the chat context, per conversation),
 * then each request streamed into a message that grows as the provider writes.
 */
export function useAssistente(atendimentoId: string, rotuloDoPedido: (input: TAssistenteInput) => string) {
  const qc = useQueryClient();
  const ctx = useChatContext();
  const historico = useIaHistorico(atendimentoId, true);
  const [ativo, setAtivo] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const { definirAiMensagens, aiMensagens } = ctx;
  const vazio = aiMensagens.length === 0;

  // The stored history fills the context while it holds nothing for this conversation; what streams is appended
  // there, so a panel opened again (or moved to the phone's sheet) keeps it.
  useEffect(() => {
    if (!historico.data?.length || !vazio) return;
    definirAiMensagens(
      historico.data.map((m) => ({ id: m.id, timestamp: m.timestamp, content: m.content, papel: m.papel, fontes: m.fontes })),
    );
  }, [historico.data, vazio, definirAiMensagens]);

  useEffect(() => () => abort.current?.abort(), []);

  const pedir = useCallback(
    async (input: TAssistenteInput) => {
      if (ativo) return;
      const ac = new AbortController();
      abort.current = ac;
      setAtivo(true);
      const respostaId = localId();
      ctx.adicionarAiMensagem({ id: localId(), timestamp: agora(), content: rotuloDoPedido(input), papel: 'usuario' });
      ctx.adicionarAiMensagem({ id: respostaId, timestamp: agora(), content: '', papel: 'assistente', escrevendo: true });
      let texto = '';
      try {
        for await (const e of pedirAssistente(atendimentoId, input, ac.signal)) {
          if (e.event === 'delta') {
            texto += e.data.texto;
            ctx.atualizarAiMensagem(respostaId, { content: texto });
          } else if (e.event === 'fontes') ctx.atualizarAiMensagem(respostaId, { fontes: e.data });
          else if (e.event === 'erro') ctx.atualizarAiMensagem(respostaId, { content: e.data.message, erro: true, escrevendo: false });
          else if (e.event === 'fim') ctx.atualizarAiMensagem(respostaId, { escrevendo: false });
        }
        ctx.atualizarAiMensagem(respostaId, { escrevendo: false });
      } catch (err) {
        if (!ac.signal.aborted)
          ctx.atualizarAiMensagem(respostaId, { content: errorMessage(err, T.erroPedido), erro: true, escrevendo: false });
        else ctx.atualizarAiMensagem(respostaId, { escrevendo: false });
      } finally {
        setAtivo(false);
        abort.current = null;
        void qc.invalidateQueries({ queryKey: iaKeys.uso });
        void qc.invalidateQueries({ queryKey: iaKeys.historico(atendimentoId) });
      }
    },
    [ativo, atendimentoId, ctx, qc, rotuloDoPedido],
  );

  return { historico, mensagens: ctx.aiMensagens, pedir, ativo, parar: () => abort.current?.abort() };
}
