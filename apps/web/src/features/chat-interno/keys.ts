/** Query keys of the internal chat. Kept apart (and free of imports) so the eager unread badge can share them. */
export const chatKeys = {
  all: ['chat-interno'] as const,
  conversas: ['chat-interno', 'conversas'] as const,
  mensagens: (conversaId: string) => ['chat-interno', 'mensagens', conversaId] as const,
  mensagensTodas: ['chat-interno', 'mensagens'] as const,
  participantes: (conversaId: string) => ['chat-interno', 'participantes', conversaId] as const,
  usuarios: ['chat-interno', 'usuarios-disponiveis'] as const,
  departamentos: ['chat-interno', 'departamentos-disponiveis'] as const,
  usuariosDepartamento: (departamentoId: string) => ['chat-interno', 'usuarios-departamento', departamentoId] as const,
};
