import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus series, served at GET /backend/metrics (modules/metrics). One registry per process:
 * code anywhere increments a series here without being handed a context.
 *
 * Adding a series: declare it below with `registers: [registry]`, a `balcao_` name, and labels whose values
 * come from a short fixed list (a channel type, a result, a route pattern). Never an id, a name, a number, an
 * account or any text a person typed: every label value is a new series kept for the process's life, and the
 * scrape must carry nothing of an account (metrics.test.ts checks the labels of a scrape). List new names in
 * docs/operacao-metricas.md, and in deploy/grafana's dashboard when they deserve a panel.
 */
export const registry = new Registry();

// Node's own: event-loop lag (nodejs_eventloop_lag_*), heap, GC, handles, CPU, memory, open files.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

/** The values a label may take; a value outside them becomes 'outro' (a bug, never a new series). */
const bounded = <T extends string>(allowed: readonly T[]) => {
  const set = new Set<string>(allowed);
  return (v: string): T | 'outro' => (set.has(v) ? (v as T) : 'outro');
};
/** Channel types (canais.tipo): the only values of every `canal` label of a message or an outbox. */
export const canalLabel = bounded(['widget', 'whatsapp', 'wapi'] as const);

/** Every HTTP answer, by the route's pattern (`/backend/api/atendimento/:id`), never the URL itself. */
export const httpDuration = new Histogram({
  name: 'balcao_http_request_duration_seconds',
  help: 'Tempo das respostas HTTP, por padrão de rota, método e status',
  labelNames: ['rota', 'metodo', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Customer messages: in (recebida, falhou to store) and out (enviada, falhou), by channel type. */
const mensagensTotal = new Counter({
  name: 'balcao_mensagens_total',
  help: 'Mensagens de clientes recebidas e enviadas, por tipo de canal, direção e resultado',
  labelNames: ['canal', 'direcao', 'resultado'] as const,
  registers: [registry],
});
export type DirecaoMensagem = 'entrada' | 'saida';
export type ResultadoMensagem = 'recebida' | 'enviada' | 'falhou';
export const countMensagem = (canal: string, direcao: DirecaoMensagem, resultado: ResultadoMensagem, n = 1) => {
  if (n > 0) mensagensTotal.inc({ canal: canalLabel(canal), direcao, resultado }, n);
};

/**
 * From a customer's message reaching us (a webhook's request, a WhatsApp Web socket event, a visitor's send) to
 * its broadcast to the attendants, by channel type: timed once, where inbound messages are published
 * (modules/atendimentos/ingest).
 */
const entradaAteSocket = new Histogram({
  name: 'balcao_entrada_ate_socket_seconds',
  help: 'Da chegada da mensagem do cliente (webhook, WhatsApp Web, widget) ao envio aos atendentes pelo socket, por tipo de canal',
  labelNames: ['canal'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
/** A customer's message told to the attendants now, that reached us at `chegouEm` (ms since the epoch). */
export const timeEntrada = (canal: string, chegouEm: number) =>
  entradaAteSocket.observe({ canal: canalLabel(canal) }, Math.max(0, Date.now() - chegouEm) / 1000);

/** Providers' webhook deliveries to us (WhatsApp Cloud, PIX): accepted or why not. */
const webhookEntregas = new Counter({
  name: 'balcao_webhook_entregas_total',
  help: 'Entregas de webhook recebidas dos provedores, por canal e resultado',
  labelNames: ['canal', 'resultado'] as const,
  registers: [registry],
});
export type ResultadoWebhook = 'aceita' | 'assinatura_invalida' | 'desconhecida' | 'falhou';
export const countWebhook = (canal: 'whatsapp' | 'pix', resultado: ResultadoWebhook) => webhookEntregas.inc({ canal, resultado });

/** Read at each scrape (modules/metrics/service.ts): the send queue waiting, by channel type. */
export const outboxPendentes = new Gauge({
  name: 'balcao_outbox_pendentes',
  help: 'Mensagens na fila de envio (pendentes), por tipo de canal',
  labelNames: ['canal'] as const,
  registers: [registry],
});
export const outboxIdade = new Gauge({
  name: 'balcao_outbox_mais_antiga_segundos',
  help: 'Idade da mensagem pendente mais antiga da fila de envio, por tipo de canal',
  labelNames: ['canal'] as const,
  registers: [registry],
});

/** Open Socket.IO connections of this process, by namespace (read at each scrape). */
export const socketsAbertos = new Gauge({
  name: 'balcao_sockets',
  help: 'Conexões Socket.IO abertas neste processo, por namespace',
  labelNames: ['namespace'] as const,
  registers: [registry],
});

/** Scheduled messages: due and not yet sent (read at each scrape), and the sends the scheduler made. */
export const agendadasDevidas = new Gauge({
  name: 'balcao_mensagens_agendadas_devidas',
  help: 'Mensagens agendadas cujo horário passou e ainda aguardam envio',
  registers: [registry],
});
export const agendadasTotal = new Counter({
  name: 'balcao_mensagens_agendadas_total',
  help: 'Mensagens agendadas processadas, por resultado',
  labelNames: ['resultado'] as const,
  registers: [registry],
});

/**
 * AI provider calls (modules/ia/provider.ts): `operacao` is chat (the panel's streamed answers), teste (the settings'
 * 'Testar') or transcricao; `resultado` is ok, erro, cancelada (the attendant left mid-answer) or limite (the
 * provider's 429). Tokens as the provider reported them, `tipo` entrada (prompt) or saida (completion).
 */
export type OperacaoIa = 'chat' | 'teste' | 'transcricao';
export type ResultadoIa = 'ok' | 'erro' | 'cancelada' | 'limite';
export const iaChamadas = new Counter({
  name: 'balcao_ia_chamadas_total',
  help: 'Chamadas ao provedor de IA, por operação e resultado',
  labelNames: ['operacao', 'resultado'] as const,
  registers: [registry],
});
export const iaTokens = new Counter({
  name: 'balcao_ia_tokens_total',
  help: 'Tokens usados no provedor de IA, por tipo (entrada, saida)',
  labelNames: ['tipo'] as const,
  registers: [registry],
});
/** A whole provider call, from the request to its last byte (or its failure). */
export const iaDuracao = new Histogram({
  name: 'balcao_ia_chamada_duracao_seconds',
  help: 'Duração das chamadas ao provedor de IA, do pedido ao fim da resposta, por operação',
  labelNames: ['operacao'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
  registers: [registry],
});
/** A streamed answer: from the request to the provider's first piece of text (what the attendant waits before reading). */
export const iaPrimeiroToken = new Histogram({
  name: 'balcao_ia_primeiro_token_seconds',
  help: 'Do pedido ao provedor de IA ao primeiro trecho de texto da resposta',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30],
  registers: [registry],
});

/** Every statement to the database, from the call to its answer (queueing for the connection or thread included). */
const dbDuration = new Histogram({
  name: 'balcao_db_consulta_duracao_seconds',
  help: 'Tempo das consultas ao banco, do pedido à resposta, por banco (pglite, postgres)',
  labelNames: ['banco'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});
/** Times a statement from `start` when the returned function is called. */
export const timeQuery = (banco: 'pglite' | 'postgres') => dbDuration.startTimer({ banco });

/** A sampler of an open database's pool or thread, read at each scrape; several in tests, one in production. */
export type DbSampler = () => { pool?: { ativas: number; ociosas: number; esperando: number }; ocupacao?: number };
const dbSamplers = new Set<DbSampler>();
/** Adds a database's sampler; the returned function removes it (on close). */
export function sampleDatabase(sampler: DbSampler): () => void {
  dbSamplers.add(sampler);
  return () => dbSamplers.delete(sampler);
}
new Gauge({
  name: 'balcao_db_pool_conexoes',
  help: 'Conexões do pool do PostgreSQL, por estado (ativa, ociosa, esperando: pedidos à espera de uma conexão)',
  labelNames: ['estado'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const s of dbSamplers) {
      const p = s().pool;
      if (!p) continue;
      this.inc({ estado: 'ativa' }, p.ativas);
      this.inc({ estado: 'ociosa' }, p.ociosas);
      this.inc({ estado: 'esperando' }, p.esperando);
    }
  },
});
new Gauge({
  name: 'balcao_db_pglite_ocupacao',
  help: 'Fração do tempo em que a thread do banco embutido (PGlite) esteve ocupada desde a coleta anterior',
  registers: [registry],
  collect() {
    this.reset();
    for (const s of dbSamplers) {
      const o = s().ocupacao;
      if (o !== undefined) this.set(o);
    }
  },
});
