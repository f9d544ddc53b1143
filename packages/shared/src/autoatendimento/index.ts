import { z } from 'zod';

/** Spec part 2 §4 and §9: the pending-requests poll and its notice. */
export const SOLICITACOES_POLL_MS = 150_000;
export const SOLICITACOES_AVISO_INTERVALO_MS = 300_000;
/** Session-storage key of when the notice was last shown. */
export const SOLICITACOES_AVISO_STORAGE_KEY = 'solicitacoesAutoAtendimentoAvisoEm';

export const AUTOATENDIMENTO_TEXTS = {
  avisoTitulo: 'Solicitações de AutoAtendimento pendentes',
  avisoDescricao: (n: number) => `Você tem ${n} solicitações pendentes.`,
  chaveNomeVazio: 'Informe um nome para a chave.',
  chaveNaoEncontrada: 'Chave não encontrada.',
  chaveInvalida: 'Chave de integração inválida ou revogada.',
  chaveCriada: 'Chave criada. Copie agora: ela não será mostrada de novo.',
  chaveRevogada: 'Chave revogada.',
  clienteNomeVazio: 'Informe o nome do cliente.',
  tipoVazio: 'Informe o tipo da solicitação.',
  descricaoVazia: 'Informe a descrição da solicitação.',
  naoEncontrada: 'Solicitação não encontrada.',
  jaAssumida: 'Esta solicitação já foi assumida por outra pessoa.',
  jaResolvida: 'Esta solicitação já foi resolvida.',
  titulo: 'Solicitações de AutoAtendimento',
  nenhuma: 'Nenhuma solicitação pendente.',
} as const;

export const ZChaveInput = z.object({
  nome: z.string({ error: AUTOATENDIMENTO_TEXTS.chaveNomeVazio }).trim().min(1, AUTOATENDIMENTO_TEXTS.chaveNomeVazio).max(80),
});
export const ZChave = z.object({
  id: z.string(),
  nome: z.string(),
  /** The first characters, to tell keys apart (the key itself is stored hashed). */
  prefixo: z.string(),
  criadaEm: z.string(),
  ultimoUsoEm: z.string().nullable(),
  revogadaEm: z.string().nullable(),
});
export type TChave = z.infer<typeof ZChave>;
/** 201 of POST /backend/api/autoatendimento/chaves: the only time the key is shown. */
export const ZChaveCriada = z.object({ id: z.string(), nome: z.string(), chave: z.string() });

/** POST /backend/api/public/autoatendimento/solicitacoes (the ERP, with Authorization: Bearer <chave>). */
export const ZSolicitacaoInput = z.object({
  cliente: z.object({
    nome: z.string({ error: AUTOATENDIMENTO_TEXTS.clienteNomeVazio }).trim().min(1, AUTOATENDIMENTO_TEXTS.clienteNomeVazio).max(120),
    numero: z.string().trim().max(30).nullish(),
    email: z.string().trim().max(200).nullish(),
    documento: z.string().trim().max(30).nullish(),
  }),
  tipo: z.string({ error: AUTOATENDIMENTO_TEXTS.tipoVazio }).trim().min(1, AUTOATENDIMENTO_TEXTS.tipoVazio).max(60),
  descricao: z.string({ error: AUTOATENDIMENTO_TEXTS.descricaoVazia }).trim().min(1, AUTOATENDIMENTO_TEXTS.descricaoVazia).max(4000),
  /** Whatever the ERP wants to attach (shown as it came). */
  dados: z.record(z.string(), z.unknown()).nullish(),
});
export type TSolicitacaoInput = z.infer<typeof ZSolicitacaoInput>;

export const STATUS_SOLICITACAO = ['pendente', 'em_andamento', 'resolvida'] as const;
export const ZStatusSolicitacao = z.enum(STATUS_SOLICITACAO);
export const STATUS_SOLICITACAO_LABEL: Record<z.infer<typeof ZStatusSolicitacao>, string> = {
  pendente: 'Pendente',
  em_andamento: 'Em andamento',
  resolvida: 'Resolvida',
};

export const ZSolicitacao = z.object({
  id: z.string(),
  clienteNome: z.string(),
  clienteNumero: z.string().nullable(),
  clienteEmail: z.string().nullable(),
  clienteDocumento: z.string().nullable(),
  tipo: z.string(),
  descricao: z.string(),
  dados: z.record(z.string(), z.unknown()).nullable(),
  status: ZStatusSolicitacao,
  responsavelNome: z.string().nullable(),
  chaveNome: z.string().nullable(),
  criadaEm: z.string(),
  resolvidaEm: z.string().nullable(),
});
export type TSolicitacao = z.infer<typeof ZSolicitacao>;
export const ZSolicitacaoCriada = z.object({ id: z.string(), status: ZStatusSolicitacao });
