import { useMutation, useQuery } from '@tanstack/react-query';
import {
  NOVA_CONVERSA_TEXTS as T,
  ZNovaConversaOpcoes,
  ZNovaConversaResposta,
  type TNovaConversaInput,
} from '@balcao/shared/nova-conversa';
import { mensagemHttp, request } from '@/lib/http';

/** Who the new conversation is with: a customer of the directory, or a typed number (E.164). */
export type TAlvo = { tipo: 'cliente'; id: string; nome: string; numero: string | null } | { tipo: 'numero'; numero: string };

const alvoQuery = (a: TAlvo) => (a.tipo === 'cliente' ? `clienteId=${a.id}` : `numero=${encodeURIComponent(a.numero)}`);

/** GET /api/atendimento/nova-conversa/opcoes: the channel it goes from (the one chosen, else the customer's last), an open conversation, the window, the templates. */
export const useOpcoes = (alvo: TAlvo | null, canalId: string | null = null) =>
  useQuery({
    queryKey: ['nova-conversa', 'opcoes', alvo, canalId],
    enabled: !!alvo,
    staleTime: 0,
    retry: false,
    queryFn: () =>
      request(
        'GET',
        `/api/atendimento/nova-conversa/opcoes?${alvoQuery(alvo!)}${canalId ? `&canalId=${canalId}` : ''}`,
        ZNovaConversaOpcoes,
      ).catch((err: unknown) => {
        throw new Error(mensagemHttp(err, T.erro));
      }),
  });

/** POST /api/atendimento/nova-conversa: 201 a new conversation, 200 the open one. */
export const useStartConversa = () =>
  useMutation({
    mutationFn: (input: TNovaConversaInput) => request('POST', '/api/atendimento/nova-conversa', ZNovaConversaResposta, input),
  });
