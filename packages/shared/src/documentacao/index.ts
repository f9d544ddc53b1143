import { z } from 'zod';

export const DOCUMENTACAO_TITULO_MAX = 160;
export const DOCUMENTACAO_SLUG_MAX = 80;
/** A document's Markdown (images are links to uploads, so text only). */
export const DOCUMENTO_CONTEUDO_MAX = 200_000;
export const DOCUMENTACAO_BUSCA_MAX = 200;
/** Results of one search (the composer, the widget and the public page show at most these). */
export const DOCUMENTACAO_BUSCA_LIMITE = 10;

export const DOCUMENTACAO_TEXTS = {
  tituloVazio: 'Informe o título.',
  nomeVazio: 'Informe o nome da central.',
  slugInvalido: 'Use só letras minúsculas sem acento, números e hífen no endereço.',
  slugEmUso: 'Já existe outro item com esse endereço aqui. Escolha outro.',
  dominioInvalido: 'Informe um domínio válido, como ajuda.suaempresa.com.br.',
  dominioEmUso: 'Esse domínio já está em uso por outra central de ajuda.',
  corInvalida: 'Informe a cor no formato #RRGGBB.',
  secaoObrigatoria: 'Escolha a seção do documento.',
  centralNaoEncontrada: 'Central de ajuda não encontrada.',
  secaoNaoEncontrada: 'Seção não encontrada.',
  documentoNaoEncontrado: 'Documento não encontrado.',
  versaoNaoEncontrada: 'Versão não encontrada.',
  somenteAdministradores: 'Somente o master e os administradores escrevem a documentação.',
  buscaVazia: 'Digite o que procura.',
  /** Spec part 1 §6: the custom-domain restriction's words and code. */
  dominioBloqueado: 'Endpoint não permitido em domínio personalizado',
} as const;

export const STATUS_DOCUMENTO = ['rascunho', 'publicado'] as const;
export const VISIBILIDADE_DOCUMENTO = ['interna', 'publica'] as const;
export const STATUS_DOCUMENTO_LABEL: Record<(typeof STATUS_DOCUMENTO)[number], string> = { rascunho: 'Rascunho', publicado: 'Publicado' };
export const VISIBILIDADE_DOCUMENTO_LABEL: Record<(typeof VISIBILIDADE_DOCUMENTO)[number], string> = {
  interna: 'Interno',
  publica: 'Público',
};

const T = DOCUMENTACAO_TEXTS;
const ZSlug = z
  .string()
  .trim()
  .max(DOCUMENTACAO_SLUG_MAX)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, T.slugInvalido);
/** An optional slug: empty means "make it from the title". */
const ZSlugOpcional = z.union([z.literal('').transform(() => undefined), ZSlug]).optional();
const ZTitulo = z.string({ error: T.tituloVazio }).trim().min(1, T.tituloVazio).max(DOCUMENTACAO_TITULO_MAX);

export const ZCentralInput = z.object({
  nome: z.string({ error: T.nomeVazio }).trim().min(1, T.nomeVazio).max(DOCUMENTACAO_TITULO_MAX),
  slug: ZSlugOpcional,
  dominio: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .transform((s) => s.replace(/\.$/, ''))
    .pipe(
      z.union([
        z.literal(''),
        z.string().regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, T.dominioInvalido),
      ]),
    )
    .nullish()
    .transform((s) => s || null),
  cor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, T.corInvalida)
    .optional(),
  /** An upload's URL (/backend/uploads/...) or empty. */
  logo: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/backend\/uploads\/[\w./-]+)?$/, 'Envie o logotipo pelo botão de envio.')
    .nullish()
    .transform((s) => s || null),
  publica: z.boolean().optional(),
});
export type TCentralInput = z.input<typeof ZCentralInput>;

export const ZCentral = z.object({
  id: z.string(),
  nome: z.string(),
  slug: z.string(),
  dominio: z.string().nullable(),
  /** When a DNS lookup last found the domain pointing at this installation. */
  dominioVerificadoEm: z.string().nullable(),
  cor: z.string(),
  logo: z.string().nullable(),
  publica: z.boolean(),
  /** The centre's public address (PUBLIC_URL-based). */
  url: z.string(),
});
export type TCentral = z.infer<typeof ZCentral>;

/** The DNS record the master creates for a custom domain, and whether it points here yet. */
export const ZDominioStatus = z.object({
  dominio: z.string(),
  registro: z.object({ tipo: z.literal('CNAME'), nome: z.string(), valor: z.string() }),
  verificado: z.boolean(),
  verificadoEm: z.string().nullable(),
});
export type TDominioStatus = z.infer<typeof ZDominioStatus>;

export const ZSecaoInput = z.object({
  titulo: ZTitulo,
  slug: ZSlugOpcional,
  ordem: z.coerce.number().int().min(0).max(100_000).optional(),
  centralId: z.uuid({ error: T.centralNaoEncontrada }).nullish(),
});
export type TSecaoInput = z.input<typeof ZSecaoInput>;

export const ZSecao = z.object({
  id: z.string(),
  titulo: z.string(),
  slug: z.string(),
  ordem: z.number(),
  centralId: z.string().nullable(),
});
export type TSecao = z.infer<typeof ZSecao>;

export const ZDocumentoInput = z.object({
  titulo: ZTitulo,
  slug: ZSlugOpcional,
  secaoId: z.uuid({ error: T.secaoObrigatoria }),
  conteudo: z.string().max(DOCUMENTO_CONTEUDO_MAX).default(''),
  status: z.enum(STATUS_DOCUMENTO).default('rascunho'),
  visibilidade: z.enum(VISIBILIDADE_DOCUMENTO).default('interna'),
  ordem: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type TDocumentoInput = z.input<typeof ZDocumentoInput>;

export const ZDocumentoResumo = z.object({
  id: z.string(),
  titulo: z.string(),
  slug: z.string(),
  secaoId: z.string(),
  status: z.enum(STATUS_DOCUMENTO),
  visibilidade: z.enum(VISIBILIDADE_DOCUMENTO),
  ordem: z.number(),
  autorNome: z.string().nullable(),
  atualizadoEm: z.string(),
  publicadoEm: z.string().nullable(),
  /** The public link when published and public (PUBLIC_URL-based), else null. */
  url: z.string().nullable(),
});
export type TDocumentoResumo = z.infer<typeof ZDocumentoResumo>;

export const ZDocumento = ZDocumentoResumo.extend({ conteudo: z.string(), criadoEm: z.string() });
export type TDocumento = z.infer<typeof ZDocumento>;

export const ZDocumentoFiltro = z.object({
  secaoId: z.uuid({ error: T.secaoNaoEncontrada }).optional(),
  status: z.enum(STATUS_DOCUMENTO).optional(),
});

export const ZVersao = z.object({
  id: z.string(),
  numero: z.number(),
  titulo: z.string(),
  conteudo: z.string(),
  status: z.enum(STATUS_DOCUMENTO),
  visibilidade: z.enum(VISIBILIDADE_DOCUMENTO),
  autorNome: z.string().nullable(),
  criadaEm: z.string(),
});
export type TVersao = z.infer<typeof ZVersao>;

export const ZBuscaQuery = z.object({
  q: z.string({ error: T.buscaVazia }).trim().min(1, T.buscaVazia).max(DOCUMENTACAO_BUSCA_MAX),
  central: z.string().trim().max(DOCUMENTACAO_SLUG_MAX).optional(),
  limite: z.coerce.number().int().min(1).max(50).optional(),
});

export const ZDocumentoEncontrado = z.object({
  id: z.string(),
  titulo: z.string(),
  url: z.string().nullable(),
  trecho: z.string(),
  /** The excerpt as HTML, escaped, the matched words in <mark>. */
  trechoHtml: z.string(),
  conteudo: z.string(),
  visibilidade: z.enum(VISIBILIDADE_DOCUMENTO),
});
export type TDocumentoEncontrado = z.infer<typeof ZDocumentoEncontrado>;

/** "Este artigo ajudou? Sim / Não" (issue text), counted per document. */
export const ZVotoInput = z.object({ util: z.union([z.boolean(), z.enum(['sim', 'nao']).transform((v) => v === 'sim')]) });

export const ZDocumentacaoEstatisticas = z.object({
  maisLidos: z.array(z.object({ id: z.string(), titulo: z.string(), leituras: z.number(), votosSim: z.number(), votosNao: z.number() })),
  votos: z.object({ sim: z.number(), nao: z.number() }),
  buscasSemResultado: z.array(z.object({ termo: z.string(), vezes: z.number(), ultimaEm: z.string() })),
});
export type TDocumentacaoEstatisticas = z.infer<typeof ZDocumentacaoEstatisticas>;
