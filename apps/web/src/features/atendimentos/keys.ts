import type { TFiltroConversas } from './list-cache';

/** Query keys of this screen; everything under 'atendimentos' so a reconnect can refresh it at once. */
export const atendimentoKeys = {
  all: ['atendimentos'] as const,
  listas: () => [...atendimentoKeys.all, 'conversas'] as const,
  lista: (f: TFiltroConversas) => [...atendimentoKeys.listas(), f] as const,
  detalhe: (id: string) => [...atendimentoKeys.all, 'detalhe', id] as const,
  mensagens: (id: string) => [...atendimentoKeys.all, 'mensagens', id] as const,
  cliente: (id: string) => [...atendimentoKeys.all, 'cliente', id] as const,
  atendentes: () => [...atendimentoKeys.all, 'atendentes'] as const,
  capacidades: () => [...atendimentoKeys.all, 'capacidades'] as const,
};
