import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { useIaEstado } from '@/features/ia/api';
import { useEdicoes, useMarkLidas } from '../api';
import { useChatContext } from '../context/chat-context';
import { nomeDoAutor } from '../labels';
import type { TMensagemLocal } from '../message-cache';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { resendMensagem, resendRecusada } from '../send';
import { Composer, motivoBloqueio } from './composer';
import { ConversationHeader } from './conversation-header';
import { MessageList } from './message-list';

type Props = {
  atendimento: TAtendimento;
  user: TCurrentUser;
  panelOpen: boolean;
  /** Nothing to its right: the conversation reaches the window's bottom-right corner. */
  noCanto: boolean;
  onTogglePanel: () => void;
  onAceito: () => void;
};

/** The middle column: header with the actions, the messages, the composer. */
export function ConversationView({ atendimento, user, panelOpen, noCanto, onTogglePanel, onAceito }: Props) {
  const qc = useQueryClient();
  const { selecionar, citar, citarNoAi } = useChatContext();
  const ia = useIaEstado();
  const iaPronta = Boolean(ia.data?.licenciado && ia.data.configurado);
  const marcarLidas = useMarkLidas();
  const id = atendimento.atendimentoId;
  const naoLidas = atendimento.mensagensNaoLidas > 0;

  // Opening a conversation (or a new message while it is open) reads it.
  useEffect(() => {
    if (naoLidas) marcarLidas(id);
  }, [id, naoLidas, marcarLidas]);

  const podeResponder = !motivoBloqueio(atendimento, user);
  const edicoes = useEdicoes(atendimento.canalId);
  const citacaoDe = (m: TMensagemLocal) => ({
    id: m.id,
    autor: m.autor,
    tipo: m.tipo,
    conteudo: m.conteudo || m.transcricao || '',
    nome: nomeDoAutor(m, atendimento.clienteNome, user.id),
  });
  const onResponder = (m: TMensagemLocal) => citar(citacaoDe(m));

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ConversationHeader
        atendimento={atendimento}
        user={user}
        onBack={() => selecionar(null)}
        panelOpen={panelOpen}
        onTogglePanel={onTogglePanel}
        onAceito={onAceito}
        onPerdido={() => selecionar(null)}
      />
      <MessageList
        key={`mensagens-${id}`}
        atendimento={atendimento}
        meuId={user.id}
        onResponder={podeResponder ? onResponder : undefined}
        onCitarNoAi={iaPronta ? (m) => citarNoAi(citacaoDe(m)) : undefined}
        podeTranscrever={iaPronta}
        onRetry={(m) => resendMensagem(qc, atendimento, m)}
        edicoes={podeResponder && edicoes}
        onReenviar={
          podeResponder
            ? (m) => void resendRecusada(qc, m).catch((err) => toast.error(errorMessage(err, 'Não foi possível reenviar a mensagem.')))
            : undefined
        }
      />
      <Composer key={`composer-${id}`} atendimento={atendimento} user={user} noCanto={noCanto} />
    </div>
  );
}
