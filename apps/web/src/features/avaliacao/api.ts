import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, request } from '@/lib/http';

/**
 * The public rating calls (the API reference, /backend/docs). The contract gives no shared schema for them,
 * so the page keeps its own, written from the contract's table.
 */
const AVALIACAO_STATUS = ['pendente', 'avaliado', 'aberto'] as const;
const ZAvaliacaoPublica = z.object({
  empresa: z.string(),
  ticket: z.number().int(),
  atendenteNome: z.string().nullable(),
  status: z.enum(AVALIACAO_STATUS),
  nota: z.number().int().nullable(),
  comentario: z.string().nullable(),
});
export type TAvaliacaoPublica = z.infer<typeof ZAvaliacaoPublica>;

export const COMENTARIO_MAX = 500;
export const NOTAS = [1, 2, 3, 4, 5] as const;
export const ZAvaliacaoInput = z.object({
  nota: z.number({ error: 'Escolha de 1 a 5 estrelas.' }).int().min(1, 'Escolha de 1 a 5 estrelas.').max(5, 'Escolha de 1 a 5 estrelas.'),
  comentario: z.string().trim().max(COMENTARIO_MAX, `Use no máximo ${COMENTARIO_MAX} caracteres.`).optional(),
});
export type TAvaliacaoInput = z.infer<typeof ZAvaliacaoInput>;

/** The contract's Portuguese answers, also shown when the page itself detects the state. */
export const AVALIACAO_TEXTS = {
  invalido: 'Link de avaliação inválido.',
  jaAvaliado: 'Este atendimento já foi avaliado.',
  naoFinalizado: 'Este atendimento ainda não foi finalizado.',
  obrigado: 'Obrigado pela sua avaliação!',
  erroCarregar: 'Não foi possível carregar a avaliação. Verifique sua conexão e tente novamente.',
  erroEnviar: 'Não foi possível enviar sua avaliação. Tente novamente.',
} as const;

const path = (db: string, id: string) => `/api/public/avaliacao/${encodeURIComponent(db)}/${encodeURIComponent(id)}`;
const key = (db: string, id: string) => ['avaliacao', db, id] as const;

/**
 * The token of the customer's link: after `#token=` (never sent to a server by the browser), or `?token=`.
 * Without it the server answers "Link de avaliação inválido." (staff know the id, not the token).
 */
export function linkToken(hash: string, search: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? new URLSearchParams(search).get('token') ?? '';
}

export function useAvaliacao(db: string, id: string, token: string) {
  return useQuery({
    queryKey: key(db, id),
    queryFn: () => request('GET', `${path(db, id)}?token=${encodeURIComponent(token)}`, ZAvaliacaoPublica),
    // A 404 is an answer (an invalid link), not a hiccup worth retrying; a network blip gets one more try.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
    staleTime: Infinity,
  });
}

export function useSendAvaliacao(db: string, id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAvaliacaoInput) => request('POST', path(db, id), z.object({ message: z.string() }), { ...input, token }),
    onSuccess: (_answer, input) =>
      // The page moves to "thanks" from the cache: no second GET needed, and a reload shows it as rated.
      queryClient.setQueryData<TAvaliacaoPublica>(
        key(db, id),
        (old) => old && { ...old, status: 'avaliado', nota: input.nota, comentario: input.comentario || null },
      ),
    onError: (err) => {
      // 409: rated meanwhile (another tab) or reopened: read the state again and show its page.
      if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: key(db, id) });
    },
  });
}
