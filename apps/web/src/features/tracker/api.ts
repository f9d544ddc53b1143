import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZUsuarioDisponivel } from '@balcao/shared/chat-interno';
import {
  ZAnexo,
  ZAtividade,
  ZColuna,
  ZComentario,
  ZPublicarResposta,
  ZTarefa,
  ZTarefaPagina,
  ZVotacao,
  type TAnexo,
  type TComentarioInput,
  type TTarefa,
  type TTarefaInput,
  type TTarefaPagina,
  type TTarefaPatch,
  type TTarefasFiltro,
  type TValorVoto,
  type TVotacao,
} from '@balcao/shared/tracker';
import { request } from '@/lib/http';

const P = '/api/tracker';
export type TFiltroTarefas = Omit<TTarefasFiltro, 'cursor' | 'status' | 'limite'>;

export const trackerKeys = {
  all: ['tracker'] as const,
  colunas: ['tracker', 'colunas'] as const,
  paginas: ['tracker', 'paginas'] as const,
  pagina: (status: string | null, f: TFiltroTarefas) => ['tracker', 'paginas', status, f] as const,
  tarefa: (id: string) => ['tracker', 'tarefa', id] as const,
  comentarios: (id: string) => ['tracker', 'comentarios', id] as const,
  atividade: (id: string) => ['tracker', 'atividade', id] as const,
  anexos: (id: string) => ['tracker', 'anexos', id] as const,
  votacao: (id: string) => ['tracker', 'votacao', id] as const,
  pessoas: ['tracker', 'pessoas'] as const,
};

const query = (f: Record<string, string | boolean | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && v !== false) q.set(k, String(v));
  return q.toString();
};

export const useColunas = () => useQuery({ queryKey: trackerKeys.colunas, queryFn: () => request('GET', `${P}/colunas`, ZColuna.array()) });

/** One board column (status) or the list (null), page by page with the server's cursor. */
export function useTarefas(status: string | null, f: TFiltroTarefas) {
  return useInfiniteQuery({
    queryKey: trackerKeys.pagina(status, f),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      request('GET', `${P}/tarefas?${query({ ...f, ...(status ? { status } : {}), cursor: pageParam })}`, ZTarefaPagina),
    getNextPageParam: (last) => last.proximoCursor ?? undefined,
  });
}

export const useTarefa = (id: string | null) =>
  useQuery({ queryKey: trackerKeys.tarefa(id ?? ''), enabled: !!id, queryFn: () => request('GET', `${P}/tarefas/${id}`, ZTarefa) });

/** The account's people for assignees and @mentions (the internal chat's list leaves the caller out). */
export const usePessoas = () =>
  useQuery({
    queryKey: trackerKeys.pessoas,
    queryFn: () => request('GET', '/api/chat-interno/usuarios-disponiveis', ZUsuarioDisponivel.array()),
  });

type Paginas = InfiniteData<TTarefaPagina, string | undefined>;

/** The loaded pages holding `all` in order, each the size it had (the last one takes the extra). */
function redistribuir(pages: TTarefaPagina[], all: TTarefa[]): TTarefaPagina[] {
  let i = 0;
  return pages.map((p, n) => {
    const size = n === pages.length - 1 ? all.length - i : p.tarefas.length;
    const page = { ...p, tarefas: all.slice(i, i + size) };
    i += size;
    return page;
  });
}

/** Puts a changed task where it now belongs in every loaded page (its column, its order); the detail too. */
export function applyTarefa(qc: QueryClient, t: TTarefa) {
  qc.setQueryData(trackerKeys.tarefa(t.id), t);
  for (const [key, data] of qc.getQueriesData<Paginas>({ queryKey: trackerKeys.paginas })) {
    if (!data) continue;
    const status = key[2] as string | null;
    const f = key[3] as TFiltroTarefas | undefined;
    const sem = data.pages.map((p) => ({ ...p, tarefas: p.tarefas.filter((x) => x.id !== t.id) }));
    // A conversation's tasks (its panel): membership is known, so a task linked elsewhere comes in live, newest first.
    if (status === null && f?.atendimentoId) {
      const all = t.atendimentoId === f.atendimentoId ? [t, ...sem.flatMap((p) => p.tarefas)].sort((a, b) => b.numero - a.numero) : null;
      qc.setQueryData<Paginas>(key, { ...data, pages: all ? redistribuir(sem, all) : sem });
      continue;
    }
    const pertence = status === null ? data.pages.some((p) => p.tarefas.some((x) => x.id === t.id)) : t.status === status;
    if (pertence && sem.length) {
      if (status === null) {
        // The list keeps its order (by number): replace in place.
        qc.setQueryData<Paginas>(key, {
          ...data,
          pages: data.pages.map((p) => ({ ...p, tarefas: p.tarefas.map((x) => (x.id === t.id ? t : x)) })),
        });
        continue;
      }
      const all = [...sem.flatMap((p) => p.tarefas), t].sort((a, b) => a.ordem - b.ordem);
      qc.setQueryData<Paginas>(key, { ...data, pages: redistribuir(sem, all) });
    } else {
      qc.setQueryData<Paginas>(key, { ...data, pages: sem });
    }
  }
}

export function removeTarefa(qc: QueryClient, id: string) {
  qc.removeQueries({ queryKey: trackerKeys.tarefa(id) });
  for (const [key, data] of qc.getQueriesData<Paginas>({ queryKey: trackerKeys.paginas }))
    if (data)
      qc.setQueryData<Paginas>(key, { ...data, pages: data.pages.map((p) => ({ ...p, tarefas: p.tarefas.filter((x) => x.id !== id) })) });
}

export function useCreateTarefa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TTarefaInput) => request('POST', `${P}/tarefas`, ZTarefa, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: trackerKeys.paginas }),
  });
}

export function useUpdateTarefa(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: TTarefaPatch) => request('PATCH', `${P}/tarefas/${id}`, ZTarefa, patch),
    onSuccess: (t) => {
      applyTarefa(qc, t);
      void qc.invalidateQueries({ queryKey: trackerKeys.atividade(id) });
    },
  });
}

export function useDeleteTarefa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('DELETE', `${P}/tarefas/${id}`, null),
    onSuccess: (_r, id) => removeTarefa(qc, id),
  });
}

/** A move shows at once (the card sits at its new place) and is undone by a reload of the board if refused. */
export function useMoveTarefa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: { tarefa: TTarefa; status: string; posicao: number; ordem: number }) =>
      request('POST', `${P}/tarefas/${m.tarefa.id}/mover`, ZTarefa, { status: m.status, posicao: m.posicao }),
    onMutate: (m) => applyTarefa(qc, { ...m.tarefa, status: m.status, ordem: m.ordem }),
    onSuccess: (t) => applyTarefa(qc, t),
    onError: () => qc.invalidateQueries({ queryKey: trackerKeys.paginas }),
  });
}

export function usePublicar(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (publica: boolean) => request('POST', `${P}/tarefas/${id}/publicar`, ZPublicarResposta, { publica }),
    onSuccess: () => qc.invalidateQueries({ queryKey: trackerKeys.tarefa(id) }),
  });
}

export const useComentarios = (id: string) =>
  useQuery({ queryKey: trackerKeys.comentarios(id), queryFn: () => request('GET', `${P}/tarefas/${id}/comentarios`, ZComentario.array()) });
export const useAtividade = (id: string) =>
  useQuery({ queryKey: trackerKeys.atividade(id), queryFn: () => request('GET', `${P}/tarefas/${id}/atividade`, ZAtividade.array()) });

export function useComentar(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TComentarioInput) => request('POST', `${P}/tarefas/${id}/comentarios`, ZComentario, input),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: trackerKeys.comentarios(id) });
      void qc.invalidateQueries({ queryKey: trackerKeys.atividade(id) });
    },
  });
}

export const useVotacao = (id: string) =>
  useQuery({ queryKey: trackerKeys.votacao(id), queryFn: () => request('GET', `${P}/tarefas/${id}/votacao`, ZVotacao) });

/**
 * A round broadcast to everyone hides every value until the reveal: keep the value this screen already knows for
 * its own vote (same round), so the chosen card stays chosen.
 */
export function mergeVotacao(anterior: TVotacao | undefined, nova: TVotacao, eu: string | undefined): TVotacao {
  if (nova.revelada || !anterior || anterior.rodada !== nova.rodada) return nova;
  const meu = anterior.votos.find((v) => v.usuarioId === eu)?.valor ?? null;
  return { ...nova, votos: nova.votos.map((v) => (v.usuarioId === eu && v.valor === null ? { ...v, valor: meu } : v)) };
}

type AcaoVotacao =
  | { acao: 'abrir' }
  | { acao: 'votar'; valor: TValorVoto }
  | { acao: 'revelar' }
  | { acao: 'encerrar'; complexidade: number | null };
export function useAcaoVotacao(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: AcaoVotacao) => {
      const V = `${P}/tarefas/${id}/votacao`;
      if (a.acao === 'abrir') return request('POST', V, ZVotacao, {});
      if (a.acao === 'votar') return request('POST', `${V}/votos`, ZVotacao, { valor: a.valor });
      if (a.acao === 'revelar') return request('POST', `${V}/revelar`, ZVotacao, {});
      return request('POST', `${V}/encerrar`, ZVotacao, { complexidade: a.complexidade });
    },
    onSuccess: (v) => qc.setQueryData(trackerKeys.votacao(id), v),
  });
}

export const useAnexos = (id: string) =>
  useQuery({ queryKey: trackerKeys.anexos(id), queryFn: () => request('GET', `${P}/tarefas/${id}/anexos`, ZAnexo.array()) });

/** A task's file list changed (here or, through the hub, on another screen): the list and the activity log follow. */
export function applyAnexos(qc: QueryClient, tarefaId: string, anexos: TAnexo[]) {
  qc.setQueryData(trackerKeys.anexos(tarefaId), anexos);
  void qc.invalidateQueries({ queryKey: trackerKeys.atividade(tarefaId) });
}

/** POST /tarefas/{id}/anexos: one file per call (multipart `arquivo`), checked by content and size on the server. */
export function useAddAnexo(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (arquivo: File) => {
      const form = new FormData();
      form.append('arquivo', arquivo);
      return request('POST', `${P}/tarefas/${id}/anexos`, ZAnexo, form);
    },
    onSuccess: (a) => applyAnexos(qc, id, [...(qc.getQueryData<TAnexo[]>(trackerKeys.anexos(id)) ?? []).filter((x) => x.id !== a.id), a]),
  });
}

export function useRemoveAnexo(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (anexoId: string) => request('DELETE', `${P}/tarefas/${id}/anexos/${anexoId}`, null),
    onSuccess: (_r, anexoId) =>
      applyAnexos(
        qc,
        id,
        (qc.getQueryData<TAnexo[]>(trackerKeys.anexos(id)) ?? []).filter((x) => x.id !== anexoId),
      ),
  });
}
