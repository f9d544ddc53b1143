import { z } from 'zod';
import { PRE_CHAT_CAMPOS } from '../widget';

export const TIPOS_CANAL = ['widget', 'whatsapp'] as const;
const ZOrigemSite = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^/\s]+$/i, 'Informe a origem como https://seusite.com.br (sem caminho).');

/** A website chat channel's settings, edited in Configurações by admin or master. */
export const ZCanalWidgetInput = z.object({
  nome: z.string().trim().min(1, 'Informe o nome do canal.').max(60, 'Use no máximo 60 caracteres.'),
  cor: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'Escolha uma cor válida.')
    .default('#4f46e5'),
  saudacao: z.string().trim().max(300, 'Use no máximo 300 caracteres.').default('Olá! Como podemos ajudar?'),
  camposPreChat: z.array(z.enum(PRE_CHAT_CAMPOS)).default([]),
  escolherDepartamento: z.boolean().default(false),
  departamentoIds: z.array(z.uuid()).default([]),
  departamentoPadraoId: z.uuid().nullable().default(null),
  origensPermitidas: z.array(ZOrigemSite).min(1, 'Informe pelo menos um site permitido.').max(20),
  verificarIdentidade: z.boolean().default(false),
  ativo: z.boolean().default(true),
});
export type TCanalWidgetInput = z.infer<typeof ZCanalWidgetInput>;

export const ZCanal = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_CANAL),
  nome: z.string(),
  ativo: z.boolean(),
  token: z.string(),
  config: ZCanalWidgetInput.omit({ nome: true, ativo: true }),
  /** Only for admin and master: the key that signs visitor identities. */
  segredo: z.string().nullable(),
  snippet: z.string(),
  criadoEm: z.string(),
});
export type TCanal = z.infer<typeof ZCanal>;

export const widgetSnippet = (host: string, token: string) => `<script src="${host}/widget.js" data-canal="${token}" async></script>`;
