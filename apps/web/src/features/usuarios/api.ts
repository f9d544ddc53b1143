import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USUARIOS_TEXTS, ZUsuarioAdmin, type TUsuarioAdmin, type TUsuarioInput, type TUsuariosQuery } from '@balcao/shared/usuarios';
import { licencaKeys } from '@/features/licenca/api';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const usuariosKeys = {
  all: ['usuarios'] as const,
  list: (q: TUsuariosQuery) => ['usuarios', 'list', q] as const,
};

const qs = (q: TUsuariosQuery) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** GET /api/usuarios with the screen's filters; the previous rows stay while a new filter loads. */
export const useUsuarios = (q: TUsuariosQuery) =>
  useQuery({
    queryKey: usuariosKeys.list(q),
    queryFn: () => request('GET', `/api/usuarios${qs(q)}`, ZUsuarioAdmin.array()),
    placeholderData: keepPreviousData,
  });

/** Every change may move a seat, a department's member count or the table: all of them are read again. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usuariosKeys.all }),
      queryClient.invalidateQueries({ queryKey: licencaKeys.status }),
      queryClient.invalidateQueries({ queryKey: ['departamentos'] }),
    ]);
}

/** POST /api/usuarios, or PUT /api/usuarios/{id}. Errors are left to the dialog (field errors, the seat message). */
export function useSaveUsuario() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TUsuarioInput }) =>
      id ? request('PUT', `/api/usuarios/${id}`, ZUsuarioAdmin, input) : request('POST', '/api/usuarios', ZUsuarioAdmin, input),
    onSuccess: (_u, { id }) => {
      void invalidate();
      toast.success('Sucesso', id ? USUARIOS_TEXTS.atualizado : USUARIOS_TEXTS.criado);
    },
  });
}

type Acao = 'desativar' | 'reativar' | 'redefinir-senha';
const SUCESSO: Record<Acao, string> = {
  desativar: USUARIOS_TEXTS.desativado,
  reativar: USUARIOS_TEXTS.reativado,
  'redefinir-senha': USUARIOS_TEXTS.redefinicaoEnviada,
};
const FALHA: Record<Acao, string> = {
  desativar: 'Não foi possível desativar o usuário.',
  reativar: 'Não foi possível reativar o usuário.',
  'redefinir-senha': 'Não foi possível enviar o link de redefinição.',
};

/** POST /api/usuarios/{id}/desativar, /reativar or /redefinir-senha; the server's refusal (seats, master) is shown as sent. */
export function useUsuarioAcao() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ usuario, acao }: { usuario: TUsuarioAdmin; acao: Acao }) => request('POST', `/api/usuarios/${usuario.id}/${acao}`, null),
    onSuccess: (_r, { acao }) => {
      void invalidate();
      toast.success('Sucesso', SUCESSO[acao]);
    },
    onError: (err, { acao }) => toast.error(errorMessage(err, FALHA[acao])),
  });
}
