// The schema drizzle-kit reads to generate migrations; app code imports the domain files directly.
export * from './accounts';
export * from './departamentos';
export * from './users';
export * from './auth';
export * from './outbox';
export * from './chat-interno';
export * from './atendimentos';
export * from './widget-uploads';
export * from './licencas';
export * from './whatsapp';
export * from './licenca-cobrancas';
export * from './mensagens-rapidas';
export * from './mensagens-agendadas';
export * from './autoatendimento';
export * from './wapi';
export * from './notificacoes';
