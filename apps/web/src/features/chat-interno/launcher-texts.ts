/**
 * What the always-loaded toggle needs (kept apart so the shell's initial JS carries nothing else of the chat).
 * The panel uses these too; everything else of the chat loads with the panel.
 */
export const PAINEL_TEXTS = {
  chatInterno: 'Chat interno',
  fecharPainel: 'Fechar chat',
  voltar: 'Voltar para conversas',
  naoVistas: (n: number) => (n === 1 ? '1 mensagem não vista' : `${n} mensagens não vistas`),
} as const;

/** Marks the toggle so the panel's outside-click rule leaves it to the toggle itself. */
export const TOGGLE_ATTR = 'data-chat-interno-toggle';
